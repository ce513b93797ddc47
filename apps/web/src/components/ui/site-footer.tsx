import { SITE } from '../../config/site';
import { BrandMark } from './brand-logo';
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from './icons';
import styles from './site-footer.module.css';

const YEAR = new Date().getFullYear();

export function SiteFooter() {
  const { contact } = SITE;
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <div>
          <p className={styles.brand}>
            <BrandMark size={30} />
            {SITE.fullName}
          </p>
          <p className={styles.about}>
            Everyday office essentials for teams, classrooms and home offices. Premium pens and paper at
            honest prices.
          </p>
        </div>

        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={styles.heading}>
            Contact us
          </h2>
          <ul className={styles.list}>
            <li className={styles.contactItem}>
              <MapPinIcon size={18} />
              <address className={styles.address}>
                {contact.addressLines.map((line) => (
                  <span key={line} className={styles.addressLine}>
                    {line}
                  </span>
                ))}
              </address>
            </li>
            <li className={styles.contactItem}>
              <PhoneIcon size={18} />
              <a href={contact.phoneHref}>{contact.phone}</a>
            </li>
            <li className={styles.contactItem}>
              <MailIcon size={18} />
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </li>
            <li className={styles.contactItem}>
              <ClockIcon size={18} />
              <span>{contact.hours}</span>
            </li>
          </ul>
        </section>

        <section aria-labelledby="footer-policies">
          <h2 id="footer-policies" className={styles.heading}>
            Shopping with us
          </h2>
          <ul className={styles.list}>
            <li>Orders ship within one business day</li>
            <li>30-day returns on unopened products</li>
            <li>Secure card payments, USD pricing</li>
            <li>5% sales tax shown before you pay</li>
          </ul>
        </section>
      </div>

      <div className={`container ${styles.bottom}`}>
        <p>
          © {YEAR} {SITE.fullName}. Sample contact details for demonstration.
        </p>
        <ul className={styles.cards} aria-label="Accepted payment methods">
          <li>VISA</li>
          <li>Mastercard</li>
          <li>AMEX</li>
          <li>Discover</li>
        </ul>
      </div>
    </footer>
  );
}
