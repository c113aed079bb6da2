import {
  LayoutDashboardIcon,
  BookOpenIcon,
  ScanFaceIcon,
  ShoppingBagIcon,
  SmartphoneIcon,
  TrophyIcon,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '@/config/paths';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

/** The navigation bar (docs/product-rules.md#navigation): these for everyone… */
export const publicNavItems: NavItem[] = [
  { to: paths.shop.href, label: 'Shop', icon: ShoppingBagIcon },
  { to: paths.learn.href, label: 'Learn & Glow', icon: BookOpenIcon },
  { to: paths.download.href, label: 'Mobile App', icon: SmartphoneIcon },
  { to: paths.quiz.href, label: 'Quiz & Games', icon: TrophyIcon },
];

/** …and these first when signed in. */
export const memberNavItems: NavItem[] = [
  { to: paths.dashboard.href, label: 'Dashboard', icon: LayoutDashboardIcon },
  { to: paths.scan.href, label: 'Skin Analysis', icon: ScanFaceIcon },
];
