import { MEMBERSHIP_PLANS, membershipText } from '../../../contract/membership.ts';
import { errorText, fillText } from '../../../contract/messages.ts';
import type {
  CreateOrderBody,
  CreateOrderResult,
  OrderState,
  SalesReport,
} from '../../../contract/payment.ts';
import { centsToYuan } from '../../../contract/payment.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { toApiId } from '../../lib/ids.ts';
import { pageCount, pageWindow } from '../../lib/pagination.ts';
import type { DomainEventBus } from '../../plugins/domain-events.ts';
import type { Viewer } from '../users/viewer.ts';
import type { Paywall } from '../paywall/paywall.ts';
import { presentUser } from '../users/present-user.ts';
import type { UserRepository } from '../users/user-repository.ts';
import { newOrderId } from './order-ids.ts';
import type { OrderRepository, OrderRow, OrderWithTitle } from './order-repository.ts';
import { presentOrder } from './present-order.ts';
import type { NoticeReply, NoticeRequest, PaymentProvider } from './provider.ts';
import type { SandboxProvider } from './sandbox-provider.ts';

/** What the buyer's statement says when a note's payment is given back. */
const UNSOLD_REFUND_REASON = '笔记已删除或下架，款项原路退回';

/** A pending order of the same note is offered again for this long instead of a new one. */
const REUSE_PENDING_MS = 30 * 60 * 1000;

export const planById = (id: string | null | undefined) =>
  MEMBERSHIP_PLANS.find((plan) => plan.id === id);

const premiumDaysOf = (order: OrderRow) => ({ premiumDays: planById(order.plan_id)?.days ?? 0 });

export function createPaymentService(deps: {
  orders: OrderRepository;
  users: UserRepository;
  /** Takes new orders; null when none is live (production without one configured). */
  provider: PaymentProvider | null;
  /** Every provider whose notices are accepted, by name. */
  noticeProviders: Map<string, PaymentProvider>;
  /** Present while the sandbox takes orders: it settles them on the buyer's confirm. */
  sandbox: SandboxProvider | null;
  paywall: Paywall;
  events: DomainEventBus;
  clock?: () => number;
}) {
  const { orders, users } = deps;
  const now = deps.clock ?? Date.now;

  async function ownOrder(viewer: Viewer, id: string): Promise<OrderWithTitle> {
    const order = await orders.find(id);
    if (!order || order.user_id !== viewer.id) throw notFound(errorText.orderNotFound);
    return order;
  }

  async function orderState(viewer: Viewer, id: string): Promise<OrderState> {
    const [order, user] = await Promise.all([ownOrder(viewer, id), users.findById(viewer.id)]);
    if (!user) throw notFound(errorText.userNotFound);
    return { order: presentOrder(order), user: presentUser(user, { withContact: true }) };
  }

  /** The note to buy, refused with a clear reason when there is nothing to buy. */
  async function postToBuy(viewer: Viewer, postId: number) {
    const post = await orders.findPostForSale(postId);
    if (!post || post.status !== 'approved') throw notFound(errorText.postNotFound);
    if (post.price_cents <= 0) throw badRequest(errorText.postIsFree);
    if (post.author_id === viewer.id) throw badRequest(errorText.cannotBuyOwnPost);
    if (await orders.hasPurchase(viewer.id, post.id)) throw badRequest(errorText.postAlreadyBought);
    if (await deps.paywall.canRead(viewer, post)) throw badRequest(errorText.postAlreadyReadable);
    return post;
  }

  async function newOrder(
    provider: PaymentProvider,
    viewer: Viewer,
    body: CreateOrderBody,
  ): Promise<OrderWithTitle> {
    const created = now();
    const save = async (
      target: Pick<OrderRow, 'kind' | 'plan_id' | 'post_id' | 'amount_cents'>,
      postTitle: string | null,
    ): Promise<OrderWithTitle> => {
      const order: OrderRow = {
        id: newOrderId(created),
        user_id: viewer.id,
        ...target,
        status: 'pending',
        provider: provider.name,
        provider_txn: null,
        created_at: created,
        paid_at: null,
      };
      await orders.insert(order);
      return { ...order, post_title: postTitle };
    };

    if (body.kind === 'membership') {
      const plan = planById(body.planId);
      if (!plan)
        throw badRequest(body.planId ? errorText.planInvalid : errorText.orderTargetMissing);
      const target = { kind: 'membership', plan_id: plan.id, post_id: null } as const;
      return save({ ...target, amount_cents: plan.priceCents }, null);
    }
    if (!body.postId) throw badRequest(errorText.orderTargetMissing);
    const post = await postToBuy(viewer, Number(body.postId));
    const pending = await orders.findPendingPostOrder(
      viewer.id,
      post.id,
      provider.name,
      created - REUSE_PENDING_MS,
    );
    if (pending && pending.amount_cents === post.price_cents) return pending;
    const target = { kind: 'post', plan_id: null, post_id: post.id } as const;
    return save({ ...target, amount_cents: post.price_cents }, post.title);
  }

  function subjectOf(order: OrderWithTitle): string {
    const plan = planById(order.plan_id);
    return order.kind === 'membership'
      ? fillText(membershipText.membershipOrderSubject, { plan: plan?.name ?? '' })
      : fillText(membershipText.postOrderSubject, { title: order.post_title ?? '' });
  }

  async function announce(name: 'order.paid' | 'order.refunded', order: OrderRow) {
    const post = order.post_id === null ? undefined : await orders.findPostForSale(order.post_id);
    await deps.events.emit(name, {
      orderId: order.id,
      userId: order.user_id,
      kind: order.kind,
      postId: order.post_id,
      postAuthorId: post?.author_id ?? null,
      amountCents: order.amount_cents,
    });
  }

  /** The only way an order's status changes: a verified notice of the order's own provider. */
  async function applyNotice(provider: PaymentProvider, request: NoticeRequest): Promise<void> {
    const notice = provider.verifyNotice(request);
    if (!notice) throw badRequest(errorText.paymentNoticeInvalid);
    const order = await orders.find(notice.orderId);
    if (!order || order.provider !== provider.name) throw notFound(errorText.orderNotFound);
    if (notice.amountCents !== order.amount_cents)
      throw badRequest(errorText.paymentAmountMismatch);
    const at = now();
    switch (notice.outcome) {
      case 'paid':
        switch (await orders.markPaid(order, premiumDaysOf(order), notice.providerTxn, at)) {
          case 'paid':
            await announce('order.paid', order);
            return;
          case 'not-for-sale':
            // Paid for a note that is gone: the money goes back, nothing is granted. A failed
            // refund throws, the notice is refused and the provider's retry tries again.
            await provider
              .refund({
                orderId: order.id,
                amountCents: order.amount_cents,
                providerTxn: notice.providerTxn,
                reason: UNSOLD_REFUND_REASON,
              })
              .catch((cause: unknown) => {
                throw new AppError(502, errorText.paymentUnavailable, {}, { cause });
              });
            if (await orders.markRefundedUnsold(order, notice.providerTxn, at)) {
              await announce('order.refunded', order);
            }
            return;
          case 'settled':
            return;
        }
        return;
      case 'failed':
        await orders.markFailed(order, notice.providerTxn);
        return;
      case 'refunded':
        if (await orders.markRefunded(order, premiumDaysOf(order), at)) {
          await announce('order.refunded', order);
        }
        return;
      case 'ignored':
        return;
    }
  }

  return {
    async createOrder(viewer: Viewer, body: CreateOrderBody): Promise<CreateOrderResult> {
      const provider = deps.provider;
      if (!provider) throw new AppError(503, errorText.paymentNotConfigured);
      const order = await newOrder(provider, viewer, body);
      const payment = await provider.start({
        id: order.id,
        amountCents: order.amount_cents,
        subject: subjectOf(order),
      });
      return { order: presentOrder(order), payment };
    },

    orderState,

    /** The sandbox "bank" settles the buyer's own pending order by sending its signed notice. */
    async confirmSandbox(
      viewer: Viewer,
      id: string,
      outcome: 'paid' | 'failed',
    ): Promise<OrderState> {
      const order = await ownOrder(viewer, id);
      if (!deps.sandbox || order.provider !== 'sandbox')
        throw badRequest(errorText.orderNotSandbox);
      if (order.status !== 'pending') throw badRequest(errorText.orderNotPending);
      if (order.kind === 'post' && !(await orders.isForSale(order.post_id))) {
        await orders.markFailed(order, null);
        throw badRequest(errorText.postNotForSale);
      }
      const taken = await deps.sandbox.send({
        orderId: order.id,
        outcome,
        amountCents: order.amount_cents,
        txnId: `sandbox_${order.id}`,
      });
      if (!taken) throw new AppError(502, errorText.paymentUnavailable);
      return orderState(viewer, id);
    },

    /** Answers a provider's notice the way that provider expects, accepted or not. */
    async handleNotice(providerName: string, request: NoticeRequest): Promise<NoticeReply> {
      const provider = deps.noticeProviders.get(providerName);
      if (!provider) throw notFound(errorText.paymentProviderUnknown);
      try {
        await applyNotice(provider, request);
        return provider.accepted();
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return provider.rejected(error.message, error.status);
      }
    },

    async sales(authorId: number, query: { page?: number; limit?: number }): Promise<SalesReport> {
      const window = pageWindow(query);
      const report = await orders.salesOfAuthor(authorId, window);
      return {
        items: report.rows.map((row) => ({
          postId: toApiId(row.post_id),
          title: row.title,
          price: centsToYuan(row.price_cents),
          salesCount: row.sales_count,
          incomeYuan: centsToYuan(row.income_cents),
        })),
        totals: { salesCount: report.salesCount, incomeYuan: centsToYuan(report.incomeCents) },
        total: report.total,
        page: window.page,
        pages: pageCount(report.total, window.limit),
      };
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
