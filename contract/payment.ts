import { Type } from 'typebox';
import type { Static } from 'typebox';
import { Pagination } from './common.ts';
import { errorText } from './messages.ts';
import { User } from './user.ts';

export const PlanIdSchema = Type.Union(
  [Type.Literal('month'), Type.Literal('quarter'), Type.Literal('year')],
  { errorMessage: errorText.planInvalid },
);
export type PlanId = Static<typeof PlanIdSchema>;

export const OrderKind = Type.Union([Type.Literal('membership'), Type.Literal('post')], {
  errorMessage: errorText.orderKindInvalid,
});
export type OrderKind = Static<typeof OrderKind>;

/** `failed` also covers an order the provider closed unpaid. */
export const OrderStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('paid'),
  Type.Literal('failed'),
  Type.Literal('refunded'),
]);
export type OrderStatus = Static<typeof OrderStatus>;

export const PaymentProviderName = Type.Union([Type.Literal('sandbox'), Type.Literal('alipay')]);
export type PaymentProviderName = Static<typeof PaymentProviderName>;

export const OrderSummary = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  kind: OrderKind,
  status: OrderStatus,
  planId: Type.Union([PlanIdSchema, Type.Null()]),
  postId: Type.Union([Type.String(), Type.Null()]),
  /** What was bought: the plan's name or the note's title. */
  subject: Type.String(),
  /** Fixed by the server when the order was made. */
  amountYuan: Type.Number(),
  provider: PaymentProviderName,
  /** ISO 8601. */
  createdAt: Type.String(),
  paidAt: Type.Union([Type.String(), Type.Null()]),
});
export type OrderSummary = Static<typeof OrderSummary>;

/**
 * `POST /api/payments/orders`: `planId` for a membership, `postId` for a note. There is no
 * amount: the server takes it from the plan or the note (any extra field is dropped).
 */
export const CreateOrderBody = Type.Object(
  {
    kind: OrderKind,
    planId: Type.Optional(PlanIdSchema),
    postId: Type.Optional(
      Type.String({ pattern: '^[1-9][0-9]{0,15}$', errorMessage: errorText.postNotFound }),
    ),
  },
  {
    additionalProperties: false,
    errorMessage: { required: { kind: errorText.orderKindInvalid } },
  },
);
export type CreateOrderBody = Static<typeof CreateOrderBody>;

/**
 * How the browser takes the buyer to pay. `sandbox`: show our own confirm page, then
 * `POST confirmUrl`. `alipay`: open `payUrl` (Alipay's cashier); Alipay comes back to the
 * site's `/membership?out_trade_no=<order id>&...`, after which the browser polls the order.
 */
export const PaymentInstruction = Type.Union([
  Type.Object({ provider: Type.Literal('sandbox'), confirmUrl: Type.String() }),
  Type.Object({ provider: Type.Literal('alipay'), payUrl: Type.String() }),
]);
export type PaymentInstruction = Static<typeof PaymentInstruction>;

export const CreateOrderResult = Type.Object({
  order: OrderSummary,
  payment: PaymentInstruction,
});
export type CreateOrderResult = Static<typeof CreateOrderResult>;

/**
 * `GET /api/payments/orders/{id}` (poll until `status` is no longer `pending`) and the sandbox
 * confirm: the order and the caller's user as it is now, to replace the stored user.
 */
export const OrderState = Type.Object({ order: OrderSummary, user: User });
export type OrderState = Static<typeof OrderState>;

export const OrderIdParams = Type.Object({
  id: Type.String({ pattern: '^[A-Za-z0-9_]{8,40}$', errorMessage: errorText.orderNotFound }),
});
export type OrderIdParams = Static<typeof OrderIdParams>;

/** `POST /api/payments/orders/{id}/confirm` (sandbox only): pay, or give up (`failed`). */
export const SandboxConfirmBody = Type.Object(
  {
    outcome: Type.Optional(
      Type.Union([Type.Literal('paid'), Type.Literal('failed')], {
        errorMessage: errorText.badRequest,
      }),
    ),
  },
  { additionalProperties: false },
);
export type SandboxConfirmBody = Static<typeof SandboxConfirmBody>;

export const SalesItem = Type.Object({
  postId: Type.String(),
  title: Type.String(),
  /** The note's price now, in yuan. */
  price: Type.Number(),
  salesCount: Type.Integer(),
  /** What buyers paid (refunds excluded), in yuan. */
  incomeYuan: Type.Number(),
});
export type SalesItem = Static<typeof SalesItem>;

/** `GET /api/payments/sales?page=&limit=`: the caller's paid notes, best selling first. */
export const SalesReport = Type.Object({
  items: Type.Array(SalesItem),
  totals: Type.Object({ salesCount: Type.Integer(), incomeYuan: Type.Number() }),
  ...Pagination,
});
export type SalesReport = Static<typeof SalesReport>;

export const centsToYuan = (cents: number): number => Math.round(cents) / 100;
