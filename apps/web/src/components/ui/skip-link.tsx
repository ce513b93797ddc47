import styles from './skip-link.module.css';

export function SkipLink() {
  return (
    <a href="#main-content" className={styles.skipLink}>
      Skip to content
    </a>
  );
}
