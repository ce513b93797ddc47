import styles from './payment-sheet.module.css';

/** A card of the sandbox wallet, as the sandbox gateway lists them. */
export interface SheetCard {
  id: string;
  network: string;
  last4: string;
  outcome: string;
}

/** A contact of the sandbox wallet's holder: the email and shipping address a store may ask for. */
export interface SheetContact {
  id: string;
  name: string;
  email: string;
  phone?: string;
  addressLines: string[];
  locality: string;
  administrativeArea: string;
  postalCode: string;
  countryCode: string;
}

/** What the sheet answers: the chosen card, and the chosen contact when the store asked for one. */
export interface SheetChoice {
  cardId: string;
  contact?: SheetContact;
}

export interface SheetOptions {
  /** "Google Pay" or "Apple Pay". */
  walletName: string;
  merchantName: string;
  /** Already formatted, e.g. "$20.98". */
  amount: string;
  cards: readonly SheetCard[];
  /** Offered when the store asks for an email and a shipping address. */
  contacts?: readonly SheetContact[];
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

/** A fieldset of radio buttons, the first one chosen: each a title and a line of detail. */
function choiceList(
  legend: string,
  name: string,
  choices: readonly { value: string; title: string; detail: string }[],
): HTMLFieldSetElement {
  const list = element('fieldset', styles.cards);
  list.append(element('legend', styles.legend, legend));
  choices.forEach((choice, index) => {
    const label = element('label', styles.card);
    const radio = element('input', undefined);
    radio.type = 'radio';
    radio.name = name;
    radio.value = choice.value;
    radio.checked = index === 0;
    const text = element('span', styles.cardText);
    text.append(
      element('span', styles.cardName, choice.title),
      element('span', styles.cardOutcome, choice.detail),
    );
    label.append(radio, text);
    list.append(label);
  });
  return list;
}

/**
 * The sandbox wallet's payment sheet: the wallet's name, who is paid and how much, a choice of sandbox
 * cards (one of them declines) and Pay / Cancel. It stands where Google's or Apple's own sheet would open,
 * so it is plain DOM in a modal <dialog>, outside the storefront's React tree. When the store asks for a
 * shipping address, the holder's addresses are offered too. Answers the chosen card (and address), or null
 * when the shopper cancels.
 */
export function openPaymentSheet(options: SheetOptions): Promise<SheetChoice | null> {
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
    const cards = choiceList(
      'Card',
      'card',
      options.cards.map((card) => ({
        value: card.id,
        title: `${networkName(card.network)} •••• ${card.last4}`,
        detail: card.outcome,
      })),
    );
    const contacts = options.contacts ?? [];
    const shipTo = choiceList(
      'Ship to',
      'contact',
      contacts.map((contact) => ({
        value: contact.id,
        title: contact.name,
        detail: `${contact.addressLines.join(', ')}, ${contact.locality}, ${contact.administrativeArea} ${contact.postalCode}`,
      })),
    );

    const actions = element('div', styles.actions);
    const cancel = element('button', styles.cancel, 'Cancel');
    cancel.type = 'button';
    const pay = element('button', styles.pay, `Pay ${options.amount}`);
    pay.type = 'submit';
    actions.append(cancel, pay);
    form.append(cards, ...(contacts.length > 0 ? [shipTo] : []), actions);
    dialog.append(
      header,
      payee,
      amount,
      form,
      element('p', styles.note, 'Test cards only: no real card is charged.'),
    );

    let answered = false;
    const finish = (answer: SheetChoice | null) => {
      if (answered) return;
      answered = true;
      dialog.close();
      dialog.remove();
      resolve(answer);
    };
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const chosen = new FormData(form);
      const cardId = chosen.get('card');
      const contact = contacts.find((item) => item.id === chosen.get('contact'));
      finish(typeof cardId === 'string' ? { cardId, ...(contact ? { contact } : {}) } : null);
    });
    cancel.addEventListener('click', () => finish(null));
    // Escape closes a modal dialog: that is a cancel.
    dialog.addEventListener('close', () => finish(null));

    document.body.append(dialog);
    dialog.showModal();
    pay.focus();
  });
}
