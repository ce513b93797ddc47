import { useCart } from '../../../lib/cart/cart-provider';
import { Hero } from './hero';
import { ProductTabs } from './product-tabs';
import { WhyChooseUs } from './why-choose-us';

export function StorefrontPage() {
  const { addItem, isProcessing } = useCart();
  return (
    <>
      <Hero />
      <ProductTabs onAddToCart={addItem} disabled={isProcessing} />
      <WhyChooseUs />
    </>
  );
}
