import styles from './payment-sheet.module.css';

/** A card of the sandbox wallet, as the sandbox gateway lists them. */
export interface SheetCard {
  id: string;
  network: string;
  last4: string;
  outcome: string;
}

export interface SheetOptions {
  /** "Google Pay" or "Apple Pay". */
  walletName: string;
  merchantName: string;
  /** Already formatted, e.g. "$20.98". */
  amount: string;
  cards: readonly SheetCard[];
}

function networkName(network: string): string {
  return network.charAt(0) + network.slice(1).toLowerCase();
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string | undefined,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * The sandbox wallet's payment sheet: the wallet's name, who is paid and how much, a choice of sandbox
 * cards (one of them declines) and Pay / Cancel. It stands where Google's or Apple's own sheet would open,
 * so it is plain DOM in a modal <dialog>, outside the storefront's React tree. Answers the chosen card's
 * id, or null when the shopper cancels.
 */
export function openPaymentSheet(options: SheetOptions): Promise<string | null> {
  return new Promise((resolve) => {
    const dialog = element('dialog', styles.sheet);
    dialog.setAttribute('aria-labelledby', 'sandbox-wallet-title');
    dialog.setAttribute('aria-describedby', 'sandbox-wallet-amount');

    const header = element('div', styles.header);
    const title = element('h2', styles.title, options.walletName);
    title.id = 'sandbox-wallet-title';
    header.append(title, element('span', styles.badge, 'Sandbox'));

    const payee = element('p', styles.payee, `Pay ${options.merchantName}`);
    const amount = element('p', styles.amount, options.amount);
    amount.id = 'sandbox-wallet-amount';

    const form = element('form', styles.form);
    form.method = 'dialog';
    const cards = element('fieldset', styles.cards);
    cards.append(element('legend', styles.legend, 'Card'));
    options.cards.forEach((card, index) => {
      const label = element('label', styles.card);
      const radio = element('input', undefined);
      radio.type = 'radio';
      radio.name = 'card';
      radio.value = card.id;
      radio.checked = index === 0;
      const text = element('span', styles.cardText);
      text.append(
        element('span', styles.cardName, `${networkName(card.network)} •••• ${card.last4}`),
        element('span', styles.cardOutcome, card.outcome),
      );
      label.append(radio, text);
      cards.append(label);
    });

    const actions = element('div', styles.actions);
    const cancel = element('button', styles.cancel, 'Cancel');
    cancel.type = 'button';
    const pay = element('button', styles.pay, `Pay ${options.amount}`);
    pay.type = 'submit';
    actions.append(cancel, pay);
    form.append(cards, actions);
    dialog.append(
      header,
      payee,
      amount,
      form,
      element('p', styles.note, 'Test cards only: no real card is charged.'),
    );

    let answered = false;
    const finish = (answer: string | null) => {
      if (answered) return;
      answered = true;
      dialog.close();
      dialog.remove();
      resolve(answer);
    };
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const chosen = new FormData(form).get('card');
      finish(typeof chosen === 'string' ? chosen : null);
    });
    cancel.addEventListener('click', () => finish(null));
    // Escape closes a modal dialog: that is a cancel.
    dialog.addEventListener('close', () => finish(null));

    document.body.append(dialog);
    dialog.showModal();
    pay.focus();
  });
}
