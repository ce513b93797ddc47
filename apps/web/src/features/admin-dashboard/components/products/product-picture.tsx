import { MAX_PRODUCT_IMAGE_BYTES, PRODUCT_IMAGE_MESSAGES, type AdminProduct } from '@store/core';
import { useId, useState } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { useChangeProductPicture } from '../../api/products/product-picture';
import { failureText } from '../../utils/admin-errors';
import { fileAsBase64 } from '../../utils/products/file-base64';
import styles from './product-picture.module.css';

/**
 * A product's picture, as the storefront shows it: upload a JPEG, PNG or WebP (the store checks it, turns it
 * upright and resizes it to fit 800 px), or remove it. Saved at once, apart from the product's other fields.
 */
export function ProductPicture({ product, disabled }: { product: AdminProduct; disabled?: boolean }) {
  const inputId = useId();
  const problemId = useId();
  const change = useChangeProductPicture();
  const [problem, setProblem] = useState<string | null>(null);
  const [imageUrl, setImageUrl] = useState(product.imageUrl);
  const busy = change.isPending;

  const send = async (file: string | null) => {
    setProblem(null);
    try {
      setImageUrl((await change.mutateAsync({ id: product.id, file })).imageUrl);
    } catch (caught) {
      setProblem(failureText(caught, 'Failed to change the picture'));
    }
  };

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    if (chosen.size > MAX_PRODUCT_IMAGE_BYTES) {
      setProblem(PRODUCT_IMAGE_MESSAGES.tooLarge);
      return;
    }
    await send(await fileAsBase64(chosen));
  };

  return (
    <fieldset className={styles.picture} disabled={disabled || busy} aria-busy={busy}>
      <legend className={styles.legend}>Picture</legend>
      <div className={styles.row}>
        {imageUrl ? (
          <img
            className={styles.preview}
            src={imageUrl}
            alt={`${product.name}, as the storefront shows it`}
          />
        ) : (
          <div className={styles.none}>No picture</div>
        )}
        <div className={styles.controls}>
          <label htmlFor={inputId} className={styles.label}>
            {imageUrl ? 'Replace picture' : 'Upload picture'}
          </label>
          <input
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-describedby={problem ? problemId : undefined}
            onChange={(event) => void choose(event.target.files?.[0])}
          />
          <p className={styles.hint}>JPEG, PNG or WebP, up to 5 MB; resized to fit 800 × 800.</p>
          {imageUrl && (
            <Button variant="secondary" onClick={() => void send(null)}>
              Remove picture
            </Button>
          )}
        </div>
      </div>
      {problem && <Alert id={problemId}>{problem}</Alert>}
    </fieldset>
  );
}
