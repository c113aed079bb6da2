import { ShoppingBagIcon } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export default function ShopRoute() {
  return (
    <PlaceholderPage
      icon={ShoppingBagIcon}
      title="Shop"
      description="Our bases and boosters are being unpacked. Soon you can build your mix of one base and up to two boosters here."
    />
  );
}
