import type { AdminOrder } from '@store/core';
import { useRestockOrder } from '../../api/orders/restock-order';
import { ConfirmActionDialog } from '../confirm-action-dialog';
import type { Notice } from '../notices';

export interface RestockDialogProps {
  order: AdminOrder;
  onClose: () => void;
  onOutcome: (notice: Omit<Notice, 'id'>) => void;
}

/**
 * The goods of a captured order came back (a return): its counted units go back to stock, once. A refund
 * alone puts nothing back, since the goods may be lost or kept: this is the operator's word that they are
 * on the shelf again.
 */
export function RestockDialog({ order, onClose, onOutcome }: RestockDialogProps) {
  const restock = useRestockOrder();
  const units = order.items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <ConfirmActionDialog
      title="Put back in stock"
      orderId={order.orderId}
      question={<>Did the goods come back? Their units go back to stock and can be sold again.</>}
      facts={order.items.map((item) => ({ term: item.name, value: `${item.quantity} ordered` }))}
      factsLabel="Items"
      keepLabel="Keep as sold"
      confirmLabel="Put back in stock"
      busyLabel="Putting back…"
      onConfirm={async () => {
        const answer = await restock.mutateAsync(order.orderId);
        onOutcome({
          tone: 'success',
          title: answer.message,
          detail: `Order ${order.orderId} · ${units === answer.units ? 'every item' : 'the counted items'} can be sold again`,
        });
        onClose();
      }}
      failure={{
        unconfirmed: 'The store did not confirm it.',
        refused: 'Failed to put the goods back in stock',
      }}
      onClose={onClose}
    />
  );
}
