import { useCart } from '../../../lib/cart/cart-provider';
import { useCatalog } from '../../../lib/catalog/catalog-provider';
import { Hero } from './hero';
import { ProductsSection } from './products-section';
import { WhyChooseUs } from './why-choose-us';

export function StorefrontPage() {
  const { addItem, isProcessing } = useCart();
  const { products, failed } = useCatalog();
  return (
    <>
      <Hero />
      <ProductsSection products={products} failed={failed} onAddToCart={addItem} disabled={isProcessing} />
      <WhyChooseUs />
    </>
  );
}
