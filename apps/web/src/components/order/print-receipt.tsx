import { Button, type ButtonProps } from '../ui/button';
import { PrinterIcon } from '../ui/icons';
import styles from './print-receipt.module.css';

/**
 * Printing a receipt: the part of the page marked `PRINTED_PART` is what goes on paper, without the site's
 * header, footer, navigation or any button; `SCREEN_ONLY` marks anything else left out (links, hints).
 */
export const PRINTED_PART = styles.printed;
export const SCREEN_ONLY = styles.screenOnly;

/** Opens the browser's print dialog for the page, which prints as a clean receipt. */
export function PrintReceiptButton({ children = 'Print receipt', ...rest }: Omit<ButtonProps, 'onClick'>) {
  return (
    <Button {...rest} onClick={() => window.print()}>
      <PrinterIcon size={18} />
      {children}
    </Button>
  );
}
