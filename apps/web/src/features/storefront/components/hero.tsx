import { buttonClassName } from '../../../components/ui/button';
import { CheckIcon, ArrowDownIcon } from '../../../components/ui/icons';
import { ProductImage } from '../../../components/product/product-image';
import styles from './hero.module.css';

export function Hero() {
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={`container ${styles.inner}`}>
        <div>
          <p className={styles.eyebrow}>Office supplies, shipped fast</p>
          <h1 id="hero-title" className={styles.title}>
            Pens and paper for work that <span className={styles.highlight}>gets done</span>
          </h1>
          <p className={styles.lead}>
            Smooth-writing ballpoint pens and bright, jam-free copy paper for offices, classrooms and home
            desks. Clear prices, tax shown before you pay, and secure card checkout.
          </p>
          <div className={styles.actions}>
            <a
              href="#products"
              className={buttonClassName({ size: 'large', className: styles.primaryAction })}
            >
              Shop products
              <ArrowDownIcon size={18} />
            </a>
            <a
              href="#why-us"
              className={buttonClassName({ size: 'large', className: styles.secondaryAction })}
            >
              Why Paperline
            </a>
          </div>
          <ul className={styles.facts}>
            <li>
              <CheckIcon size={18} /> Ships within one business day
            </li>
            <li>
              <CheckIcon size={18} /> 30-day returns
            </li>
            <li>
              <CheckIcon size={18} /> Secure card payments
            </li>
          </ul>
        </div>
        <div className={styles.art} aria-hidden="true">
          <div className={styles.artCard}>
            <ProductImage productId="pen-pack-100" decorative labels className={styles.artImage} />
          </div>
          <div className={styles.artCard}>
            <ProductImage productId="paper-ream-500" decorative labels className={styles.artImage} />
          </div>
        </div>
      </div>
    </section>
  );
}
