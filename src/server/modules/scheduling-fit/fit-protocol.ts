/**
 * What the server sends the fitting child process (fit-worker.ts) and what it answers. Reviews go
 * as typed arrays (cheap to send): per item its number of reviews, then every item's ratings and
 * day gaps one after the other, and whether the item is held out (evaluated, not fitted on).
 */
export interface FitTask {
  /** 0: the class's pooled fit; else the student whose own parameters these are. */
  key: number;
  lengths: Uint16Array;
  ratings: Uint8Array;
  deltas: Uint32Array;
  heldOut: Uint8Array;
}

export interface FitRequest {
  /** The defaults the fit is compared with (the product's FSRS_WEIGHTS). */
  defaults: number[];
  tasks: FitTask[];
}

export interface FitFiguresReply {
  logLoss: number;
  rmse: number;
}

export type FitTaskReply =
  | {
      key: number;
      ok: true;
      parameters: number[];
      defaults: FitFiguresReply;
      fitted: FitFiguresReply;
      trainItems: number;
      testItems: number;
    }
  | { key: number; ok: false; reason: string };

export type FitReply =
  | { ok: true; results: FitTaskReply[]; peakRssMb: number; ms: number }
  | { ok: false; reason: string };
