import type { User } from '@lumiskin/contract/auth';
import { MenuIcon } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { NavItem } from '@/app/layout/nav-items';

const MOBILE_MENU_ID = 'mobile-menu';

const loadSheet = () => import('@/app/layout/mobile-menu-sheet');
const MobileMenuSheet = lazy(loadSheet);

/**
 * Below the lg breakpoint the links move into a side sheet. Only this button ships with the first
 * page: the sheet (Radix Dialog, focus trap, scroll lock) loads when the button is first pressed,
 * starting on pointer-down or focus so it is usually there by the click.
 */
export function MobileMenu({
  items,
  user,
  onLogout,
}: {
  items: NavItem[];
  user: User | null;
  onLogout: () => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const [isLoaded, setIsLoaded] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const preload = () => void loadSheet();

  return (
    <>
      <Button
        ref={triggerRef}
        variant="ghost"
        size="icon"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        aria-controls={isOpen ? MOBILE_MENU_ID : undefined}
        className="lg:hidden"
        onPointerDown={preload}
        onFocus={preload}
        onClick={() => {
          setIsLoaded(true);
          setIsOpen(true);
        }}
      >
        <MenuIcon className="size-6" aria-hidden />
      </Button>
      {isLoaded ? (
        <Suspense fallback={null}>
          <MobileMenuSheet
            items={items}
            user={user}
            onLogout={onLogout}
            isOpen={isOpen}
            setIsOpen={setIsOpen}
            triggerRef={triggerRef}
            contentId={MOBILE_MENU_ID}
          />
        </Suspense>
      ) : null}
    </>
  );
}
