import { computeTaxCents, createOrderId, type AdminProduct, type CartLine } from '@store/core';
import { postJson, TEST_DELIVERY, TEST_PUBLIC_URL, type Answer, type TestServer } from './test-server';

/** The console's product calls, as a signed-in operator makes them (decision 061). */

/** PUTs JSON as the console does. */
export async function putJson(baseUrl: string, path: string, body: unknown, cookie: string): Promise<Answer> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin: TEST_PUBLIC_URL, cookie },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: JSON.parse(text) as Record<string, unknown>,
    headers: response.headers,
  };
}

/** Adds a product and answers it as the console reads it; fails the test when the store refuses. */
export async function addTestProduct(
  server: Pick<TestServer, 'url'>,
  cookie: string,
  product: {
    name: string;
    sku: string;
    price: string;
    stockOnHand?: number | null;
    lowStockThreshold?: number;
  },
): Promise<AdminProduct> {
  const answer = await postJson(server.url, '/api/admin/products', product, { cookie });
  if (answer.status !== 200) throw new Error(`adding a product failed: ${JSON.stringify(answer.body)}`);
  return answer.body.product as AdminProduct;
}

/** A product as the console reads it now. */
export async function readTestProduct(server: Pick<TestServer, 'url'>, cookie: string, id: string) {
  const response = await fetch(`${server.url}/api/admin/products`, { headers: { cookie } });
  const body = (await response.json()) as { products: AdminProduct[] };
  return body.products.find((product) => product.id === id)!;
}

/** The amount a cart of one product costs at `priceCents` a unit, tax included, in dollars. */
export function amountOf(priceCents: number, quantity = 1): number {
  const subtotal = priceCents * quantity;
  return (subtotal + computeTaxCents(subtotal)) / 100;
}

/** A cart of `quantity` of one product. */
function cartOf(productId: string, quantity = 1): CartLine[] {
  return [{ productId, quantity }];
}

/** A guest's checkout of `quantity` of one product at `priceCents` a unit, as the storefront makes it. */
export async function checkoutProduct(
  baseUrl: string,
  product: { id: string; priceCents: number },
  quantity = 1,
  cartId?: string,
) {
  const orderId = createOrderId('card');
  const answer = await postJson(baseUrl, '/api/payment/create-payment', {
    amount: amountOf(product.priceCents, quantity),
    orderId,
    customerName: 'Guest',
    redirectUrl: `${TEST_PUBLIC_URL}/payment-complete`,
    items: cartOf(product.id, quantity),
    delivery: TEST_DELIVERY,
    ...(cartId ? { cartId } : {}),
  });
  return { ...answer, orderId, requestId: String(answer.body.requestId) };
}
