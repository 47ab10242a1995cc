/**
 * A finished service teaches the barber's speed: its sample is stored and barbers.speed written in the finish's
 * transaction, from the engine's pure maths (queue/engine/speed.ts).
 */
import type { Queryable } from '../db/db.ts';
import { insertSpeedSample, recentRatios, setBarberSpeed } from '../repos/order-history.ts';
import { learnSpeed, sampleRatio, WINDOW } from '../queue/engine/speed.ts';

export interface FinishedService {
  barberId: number;
  orderId: number;
  listedMinutes: number;
  startedAt: number;
  finishedAt: number;
  /** The barber's speed before this finish. */
  prior: number;
}

/** Stores the sample of a finished service and updates the barber's speed; returns the speed now in force. */
export async function recordFinish(q: Queryable, f: FinishedService): Promise<number> {
  const actual = f.finishedAt - f.startedAt;
  const ratio = sampleRatio(f.listedMinutes, actual);
  if (ratio === null) return f.prior;
  await insertSpeedSample(q, {
    barberId: f.barberId,
    orderId: f.orderId,
    listedMinutes: f.listedMinutes,
    actualMs: actual,
    ratio,
    finishedAt: f.finishedAt,
  });
  const speed = learnSpeed(await recentRatios(q, f.barberId, WINDOW), f.prior);
  if (speed !== f.prior) await setBarberSpeed(q, f.barberId, speed);
  return speed;
}
