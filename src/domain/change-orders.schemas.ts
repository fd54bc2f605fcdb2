import { z } from 'zod';
import { CONTRACT_STATUSES } from './contract-lifecycle.js';
import {
  MAX_TOTAL_CENTS,
  paymentStageSchema,
  signMineInputSchemaFor,
} from './contracts.schemas.js';

/**
 * Change orders (issue 38, docs/decisions/049): what the contractor writes, and what the API and
 * the wizard show, in the field names.
 */
export const MAX_CHANGE_DAYS = 3650;

const newStageSchema = z.object({
  label: z
    .string({ error: 'The new stage needs a label' })
    .trim()
    .min(1, 'The new stage needs a label')
    .max(100, 'Stage labels are at most 100 characters'),
  trigger: z
    .string({ error: 'The new stage needs a trigger' })
    .trim()
    .min(1, 'The new stage needs a trigger, for example "On completion"')
    .max(200, 'Stage triggers are at most 200 characters'),
});

const changeOrderFields = {
  description: z
    .string({ error: 'Describe the change' })
    .trim()
    .min(1, 'Describe the change')
    .max(5000, 'The description is at most 5,000 characters'),
  price_change_cents: z
    .number({ error: 'price_change_cents must be a whole number of cents' })
    .int('price_change_cents must be a whole number of cents')
    .min(-MAX_TOTAL_CENTS, 'The change is too large')
    .max(MAX_TOTAL_CENTS, 'The change is too large')
    .meta({ description: 'More (positive) or less (negative), in cents.' }),
  days_change: z
    .number({ error: 'days_change must be a whole number of days' })
    .int('days_change must be a whole number of days')
    .min(-MAX_CHANGE_DAYS, `At most ${MAX_CHANGE_DAYS} days`)
    .max(MAX_CHANGE_DAYS, `At most ${MAX_CHANGE_DAYS} days`)
    .nullable()
    .optional()
    .meta({ description: 'The change in contract time, in days (more or fewer); null: none.' }),
  payment: z
    .enum(['spread', 'new_stage'], { error: 'payment must be "spread" or "new_stage"' })
    .meta({
      description:
        '"spread": over the unpaid stages in proportion to what each holds; "new_stage": a new last stage.',
    }),
  new_stage: newStageSchema.nullable().optional(),
};

const needsNewStage = (input: { payment?: string; new_stage?: unknown }) =>
  input.payment !== 'new_stage' || (input.new_stage !== null && input.new_stage !== undefined);
const newStageMissing = {
  message: 'A new stage needs its label and trigger',
  path: ['new_stage'],
};

/** POST /api/contracts/:id/change-orders: a draft. */
export const changeOrderInputSchema = z
  .object(changeOrderFields)
  .refine(needsNewStage, newStageMissing);
export type ChangeOrderInput = z.infer<typeof changeOrderInputSchema>;

/** PUT /api/change-orders/:id: a draft's fields, each left out kept as saved. */
export const changeOrderUpdateSchema = z
  .object({
    description: changeOrderFields.description.optional(),
    price_change_cents: changeOrderFields.price_change_cents.optional(),
    days_change: changeOrderFields.days_change,
    payment: changeOrderFields.payment.optional(),
    new_stage: changeOrderFields.new_stage,
  })
  .refine(needsNewStage, newStageMissing);
export type ChangeOrderUpdate = z.infer<typeof changeOrderUpdateSchema>;

export const changeOrderIdSchema = z.coerce
  .number({ error: 'Change order id must be a number' })
  .int('Change order id must be a whole number')
  .positive('Change order id must be a whole number');

/** A change order as the API answers it: its words, and the money of AIA G701. */
export const changeOrderSchema = z.object({
  id: z.number(),
  contract_id: z.number(),
  /** "Change Order 2 to Contract #12". */
  number: z.number(),
  status: z.enum(CONTRACT_STATUSES),
  description: z.string(),
  price_change_cents: z.number(),
  days_change: z.number().nullable(),
  payment: z.enum(['spread', 'new_stage']),
  new_stage: newStageSchema.nullable(),
  original_sum_cents: z.number(),
  earlier_changes_cents: z.number(),
  sum_before_cents: z.number(),
  sum_after_cents: z.number(),
  days_before: z.number(),
  days_after: z.number(),
  stages_before: z.array(paymentStageSchema),
  stages_after: z.array(paymentStageSchema),
  /**
   * Why this draft cannot be sent as it stands (the total would fall below what was paid, every
   * stage is paid...); null when it can. Sent ones are frozen and always null.
   */
  problem: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  sent_at: z.string().nullable(),
});
export type ChangeOrder = z.infer<typeof changeOrderSchema>;

/** The contractor's signature on a change order draft (`/sign-mine`), in its own words. */
export const changeOrderSignMineInputSchema = signMineInputSchemaFor(
  'Please sign the change order',
);
