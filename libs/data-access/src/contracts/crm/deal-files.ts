/** Files attached to deals and the pipeline board's preferences (GET/POST /api/crm/deals/:id/files, /api/crm/preferences). */
import type { DealStage } from './enums';

/** A file attached to a deal (the bytes stay on the server; download through its URL). */
export interface DealFile {
  id: string;
  deal_id: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  uploaded_by: string;
  created_at: string;
}

/** 5 MB: the largest file a deal accepts. The server refuses more with 413 (and a CHECK on the table); the screen checks first to say so at once. */
export const DEAL_FILE_MAX_BYTES = 5 * 1024 * 1024;

/** Per stage, the deal ids in the order the user put them on the board (docs/product/pipeline.md#card-order). */
export type PipelineCardOrder = Partial<Record<DealStage, string[]>>;

/** The most deal ids one stage's saved order holds; cards beyond follow in the board's own order. */
export const PIPELINE_CARD_ORDER_MAX = 2000;

/** The pipeline board's preferences, per user and scope: the stages hidden and the cards' order within stages. */
export interface PipelinePreferences {
  hidden_stages: DealStage[];
  card_order: PipelineCardOrder;
}

/** PUT /api/crm/preferences/pipeline: a field left out stays as saved; `card_order` replaces only the stages given. */
export type PipelinePreferencesInput = Partial<PipelinePreferences>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Why a card order cannot be saved, or null when it can (the API's validation; the board never sends a bad one). */
export function cardOrderProblem(value: unknown, stages: readonly string[]): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'card_order must map stages to deal ids';
  for (const [stage, ids] of Object.entries(value)) {
    if (!stages.includes(stage)) return `card_order: ${stage} is not a deal stage`;
    if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string' || !UUID.test(id)))
      return `card_order.${stage} must be a list of deal ids`;
    if (ids.length > PIPELINE_CARD_ORDER_MAX)
      return `card_order.${stage} holds at most ${PIPELINE_CARD_ORDER_MAX} deals`;
    if (new Set(ids).size !== ids.length) return `card_order.${stage} lists a deal twice`;
  }
  return null;
}
