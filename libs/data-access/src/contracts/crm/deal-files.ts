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

/** The pipeline board's stages the user chose to hide. */
export interface PipelinePreferences {
  hidden_stages: DealStage[];
}
