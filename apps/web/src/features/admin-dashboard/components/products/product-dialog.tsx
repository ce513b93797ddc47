import {
  PRODUCT_DESCRIPTION_MAX_LENGTH,
  PRODUCT_NAME_MAX_LENGTH,
  PRODUCT_SHORT_NAME_MAX_LENGTH,
  type AdminProduct,
} from '@store/core';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Modal } from '../../../../components/ui/modal';
import { Spinner } from '../../../../components/ui/spinner';
import { TextField } from '../../../../components/ui/text-field';
import { ApiError } from '../../../../lib/api-client';
import { useAddProduct } from '../../api/products/add-product';
import { useChangeProduct } from '../../api/products/change-product';
import { useReadProductsNow } from '../../api/products/list-products';
import { failureText } from '../../utils/admin-errors';
import {
  checkProductForm,
  emptyProductForm,
  productFormOf,
  productRequestOf,
  productServerProblem,
  type ProductField,
  type ProductForm,
  type ProductProblems,
} from '../../utils/products/product-form';
import dialog from '../dialog.module.css';
import styles from './products.module.css';
import { ProductPicture } from './product-picture';

export interface ProductDialogProps {
  /** The product to edit; none for a new one. */
  product?: AdminProduct;
  onClose: () => void;
  onSaved: (product: AdminProduct, added: boolean) => void;
}

/**
 * Add product and Edit product: one form, checked by the store's own schema before it is sent, each
 * problem under its field. An edit sends the stock the form showed, so that units sold meanwhile are not
 * typed over.
 */
export function ProductDialog({ product, onClose, onSaved }: ProductDialogProps) {
  const add = useAddProduct();
  const change = useChangeProduct();
  const formId = useId();
  const baseId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<ProductForm>(() =>
    product ? productFormOf(product) : emptyProductForm(),
  );
  const [problems, setProblems] = useState<ProductProblems>({});
  const [formProblem, setFormProblem] = useState<string | null>(null);
  // Each refusal brings the keyboard to its first field, even when the same one is refused again.
  const [attempt, setAttempt] = useState(0);
  // The count the stock field was typed over: the product's when the form opened, or the one the store
  // answered with when it refused a count that had moved meanwhile, so that the next Save is checked again.
  const [stockWas, setStockWas] = useState(product?.stockOnHand ?? null);
  const readProductsNow = useReadProductsNow();
  const busy = add.isPending || change.isPending;
  const title = product ? 'Edit product' : 'Add product';

  useEffect(() => {
    if (attempt === 0) return;
    const target =
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      formRef.current?.querySelector<HTMLElement>('[role="alert"]');
    target?.scrollIntoView({ block: 'center' });
    if (target?.getAttribute('role') !== 'alert') target?.focus({ preventScroll: true });
  }, [attempt]);

  const set = <Field extends keyof ProductForm>(field: Field, value: ProductForm[Field]) => {
    setForm((current) => ({ ...current, [field]: value }));
    const cleared = field === 'trackStock' ? 'stockOnHand' : field;
    setProblems((current) => {
      if (!(cleared in current)) return current;
      const rest = { ...current };
      delete rest[cleared as ProductField];
      return rest;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const request = productRequestOf(form, product?.active ?? true);
    const checked = checkProductForm(request);
    setFormProblem(null);
    setProblems(checked);
    if (Object.keys(checked).length > 0) {
      setAttempt((count) => count + 1);
      return;
    }
    try {
      const saved = product
        ? await change.mutateAsync({ id: product.id, product: request, stockWas })
        : await add.mutateAsync(request);
      onSaved(saved, !product);
      onClose();
    } catch (caught) {
      const message = failureText(
        caught,
        product ? 'Failed to save the product' : 'Failed to add the product',
      );
      const placed = productServerProblem(caught instanceof ApiError ? caught.status : null, message);
      if (placed.field) setProblems({ [placed.field]: placed.message });
      else setFormProblem(placed.message);
      setAttempt((count) => count + 1);
      if (product && placed.field === 'stockOnHand' && caught instanceof ApiError && caught.status === 409) {
        const now = (await readProductsNow().catch(() => [])).find((entry) => entry.id === product.id);
        if (now) setStockWas(now.stockOnHand);
      }
    }
  };

  const errorId = (field: ProductField) => `${baseId}-${field}-problem`;
  const text = (
    field: Exclude<ProductField, 'features' | 'description'> & keyof ProductForm,
    label: string,
    extra: { hint?: ReactNode; maxLength?: number; inputMode?: 'decimal' | 'numeric'; wide?: boolean } = {},
  ) => (
    <Cell problem={problems[field]} errorId={errorId(field)} wide={extra.wide}>
      <TextField
        label={label}
        hint={extra.hint}
        autoComplete="off"
        spellCheck={false}
        maxLength={extra.maxLength}
        inputMode={extra.inputMode}
        value={form[field]}
        onChange={(event) => set(field, event.target.value)}
        errorId={errorId(field)}
        invalid={problems[field] !== undefined}
        disabled={busy || (field === 'stockOnHand' && !form.trackStock)}
      />
    </Cell>
  );

  return (
    <Modal
      title={title}
      subtitle={product ? product.name : 'It is on sale in the store as soon as it is added.'}
      size="large"
      onClose={onClose}
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={busy} aria-busy={busy}>
            {busy ? (
              <>
                <Spinner />
                Saving…
              </>
            ) : product ? (
              'Save product'
            ) : (
              'Add product'
            )}
          </Button>
        </>
      }
    >
      <form
        ref={formRef}
        id={formId}
        className={dialog.stack}
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <div className={styles.formGrid}>
          {text('name', 'Name', { maxLength: PRODUCT_NAME_MAX_LENGTH, wide: true })}
          {text('shortName', 'Short name', {
            hint: 'The storefront tab’s label; the name when left empty.',
            maxLength: PRODUCT_SHORT_NAME_MAX_LENGTH,
          })}
          {text('sku', 'SKU', { maxLength: 40 })}
          {text('price', 'Price (USD)', { inputMode: 'decimal', hint: 'In dollars, as 14.99' })}
          {text('unitOfMeasure', 'Unit of measure', { maxLength: 12, hint: 'EA, BX, PK…' })}
          <AreaField
            label="Description"
            value={form.description}
            onChange={(value) => set('description', value)}
            problem={problems.description}
            errorId={errorId('description')}
            maxLength={PRODUCT_DESCRIPTION_MAX_LENGTH}
            disabled={busy}
          />
          <AreaField
            label="Features"
            hint="One a line."
            value={form.features}
            onChange={(value) => set('features', value)}
            problem={problems.features}
            errorId={errorId('features')}
            disabled={busy}
          />
          <fieldset className={`${styles.stockGroup} ${styles.wide}`}>
            <legend className={styles.legend}>Stock</legend>
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={form.trackStock}
                disabled={busy}
                onChange={(event) => set('trackStock', event.target.checked)}
              />
              Track stock
            </label>
            <div className={styles.stockFields}>
              {text('stockOnHand', 'Stock on hand', {
                inputMode: 'numeric',
                hint: form.trackStock ? 'Units the store can still sell.' : 'Not tracked: never sold out.',
              })}
              {text('lowStockThreshold', 'Low-stock threshold', {
                inputMode: 'numeric',
                hint: 'Listed as low at or below this.',
              })}
            </div>
          </fieldset>
          {text('upc', 'UPC', { inputMode: 'numeric', maxLength: 13, hint: '12 or 13 digits' })}
          {text('commodityCode', 'Commodity code', { maxLength: 12 })}
          {text('taxCategory', 'Tax category', { maxLength: 25 })}
        </div>
        {formProblem && <Alert>{formProblem}</Alert>}
      </form>
      {product && <ProductPicture product={product} disabled={busy} />}
    </Modal>
  );
}

function Cell({
  problem,
  errorId,
  wide = false,
  children,
}: {
  problem: string | undefined;
  errorId: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={wide ? `${styles.cell} ${styles.wide}` : styles.cell}>
      {children}
      {problem !== undefined && (
        <Alert id={errorId} className={styles.fieldProblem}>
          {problem}
        </Alert>
      )}
    </div>
  );
}

function AreaField({
  label,
  hint,
  value,
  onChange,
  problem,
  errorId,
  maxLength,
  disabled,
}: {
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  problem: string | undefined;
  errorId: string;
  maxLength?: number;
  disabled: boolean;
}) {
  const id = useId();
  const hintId = useId();
  const describedBy = [hint ? hintId : undefined, problem !== undefined ? errorId : undefined]
    .filter(Boolean)
    .join(' ');
  return (
    <Cell problem={problem} errorId={errorId} wide>
      <div className={styles.field}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        <textarea
          id={id}
          className={styles.textarea}
          rows={3}
          value={value}
          maxLength={maxLength}
          disabled={disabled}
          aria-invalid={problem !== undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        {hint && (
          <span id={hintId} className={styles.hint}>
            {hint}
          </span>
        )}
      </div>
    </Cell>
  );
}
