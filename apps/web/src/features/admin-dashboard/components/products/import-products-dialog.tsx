import type { ProductImportResponse, ProductImportRow } from '@store/core';
import { useId, useState } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Modal } from '../../../../components/ui/modal';
import { Spinner } from '../../../../components/ui/spinner';
import { useImportProducts } from '../../api/products/import-products';
import { failureText } from '../../utils/admin-errors';
import { fileAsBase64 } from '../../utils/products/file-base64';
import { StatusBadge, type BadgeTone } from '../status-badge';
import tableStyles from '../data-table.module.css';
import dialog from '../dialog.module.css';
import styles from './import-products-dialog.module.css';

const OUTCOMES: Record<ProductImportRow['outcome'], { label: string; tone: BadgeTone }> = {
  add: { label: 'New', tone: 'success' },
  change: { label: 'Changed', tone: 'info' },
  unchanged: { label: 'Unchanged', tone: 'neutral' },
  error: { label: 'Error', tone: 'danger' },
};

/** The summary of a preview, in words: "2 new, 1 changed, 40 unchanged, 1 with an error". */
function summaryWords(summary: ProductImportResponse['summary']): string {
  const parts = [
    `${summary.add} new`,
    `${summary.change} changed`,
    `${summary.unchanged} unchanged`,
    ...(summary.error > 0 ? [`${summary.error} with ${summary.error === 1 ? 'an error' : 'errors'}`] : []),
  ];
  return parts.join(', ');
}

/**
 * Import products from a CSV file (the Export's format), matched by SKU: the file is previewed first, line by
 * line, and applied only as previewed. A catalog that moved meanwhile (a sale, an edit) is previewed again.
 */
export function ImportProductsDialog({ onClose }: { onClose: () => void }) {
  const fileInputId = useId();
  const problemId = useId();
  const importProducts = useImportProducts();
  const [file, setFile] = useState<{ name: string; base64: string } | null>(null);
  const [preview, setPreview] = useState<ProductImportResponse | null>(null);
  const [applied, setApplied] = useState<ProductImportResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = importProducts.isPending;

  const previewFile = async (chosen: { name: string; base64: string }) => {
    setProblem(null);
    setPreview(null);
    try {
      setPreview(await importProducts.mutateAsync({ file: chosen.base64 }));
    } catch (caught) {
      setProblem(failureText(caught, 'Failed to read the file'));
    }
  };

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    const read = { name: chosen.name, base64: await fileAsBase64(chosen) };
    setFile(read);
    await previewFile(read);
  };

  const apply = async () => {
    if (!file || !preview) return;
    setProblem(null);
    try {
      setApplied(await importProducts.mutateAsync({ file: file.base64, previewToken: preview.previewToken }));
    } catch (caught) {
      setProblem(failureText(caught, 'Failed to apply the file'));
      // What the file changes now, so the owner reads it before applying again.
      const again = await importProducts.mutateAsync({ file: file.base64 }).catch(() => null);
      if (again) setPreview(again);
    }
  };

  if (applied) {
    return (
      <Modal title="Import products" onClose={onClose} footer={<Button onClick={onClose}>Done</Button>}>
        <div className={dialog.outcome} role="status">
          <p className={dialog.outcomeTitle}>The catalog was updated</p>
          <p className={dialog.outcomeText}>
            {applied.summary.add} added and {applied.summary.change} changed from {file?.name}.
          </p>
        </div>
      </Modal>
    );
  }

  const toApply = preview ? preview.summary.add + preview.summary.change : 0;
  const blocked = !preview || preview.summary.error > 0 || toApply === 0;
  return (
    <Modal
      title="Import products"
      subtitle="A CSV file in the format Export gives, matched by SKU: see what changes before it is applied."
      onClose={onClose}
      dismissible={!busy}
      size="large"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void apply()} disabled={busy || blocked} aria-busy={busy}>
            {busy ? (
              <>
                <Spinner />
                Working…
              </>
            ) : toApply > 0 ? (
              `Apply ${toApply} ${toApply === 1 ? 'change' : 'changes'}`
            ) : (
              'Apply'
            )}
          </Button>
        </>
      }
    >
      <div className={dialog.stack}>
        <div className={styles.chooser}>
          <label htmlFor={fileInputId} className={styles.label}>
            CSV file
          </label>
          <input
            id={fileInputId}
            type="file"
            accept=".csv,text/csv"
            disabled={busy}
            aria-describedby={problem ? problemId : undefined}
            onChange={(event) => void choose(event.target.files?.[0])}
          />
        </div>
        {problem && <Alert id={problemId}>{problem}</Alert>}
        {preview && (
          <>
            <p className={styles.summary} role="status">
              {file?.name}: {summaryWords(preview.summary)}.
              {preview.summary.error > 0 && ' Fix the lines with errors and choose the file again.'}
            </p>
            <div className={`${tableStyles.wrap} ${styles.previewWrap}`}>
              <table className={tableStyles.table}>
                <caption className="visually-hidden">What the file changes, line by line</caption>
                <thead>
                  <tr>
                    <th scope="col" className={tableStyles.numeric}>
                      Line
                    </th>
                    <th scope="col">Product</th>
                    <th scope="col">Outcome</th>
                    <th scope="col">What changes</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.rows
                    .filter((row) => row.outcome !== 'unchanged')
                    .map((row) => (
                      <tr key={row.line}>
                        <td className={tableStyles.numeric}>{row.line}</td>
                        <td>
                          <div className={tableStyles.cellStack}>
                            <span className={styles.name}>{row.name || '—'}</span>
                            <span className={tableStyles.sub}>SKU {row.sku || '(none)'}</span>
                          </div>
                        </td>
                        <td>
                          <StatusBadge
                            label={OUTCOMES[row.outcome].label}
                            tone={OUTCOMES[row.outcome].tone}
                          />
                        </td>
                        <td className={styles.changes}>
                          {row.error ??
                            (row.outcome === 'add' ? 'Added to the catalog' : row.changes.join(' · '))}
                        </td>
                      </tr>
                    ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </div>
    </Modal>
  );
}
