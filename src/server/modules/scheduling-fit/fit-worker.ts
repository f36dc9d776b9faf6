/**
 * The child process that fits FSRS parameters (fit-runner.ts forks it): fsrs-rs through
 * @open-spaced-repetition/binding. In a process of its own because a bad item makes the binding
 * abort the whole process, and because fitting stalls the event loop with garbage collection.
 * Answers one request, then exits.
 */
import {
  computeParameters,
  FSRSBinding,
  FSRSBindingItem,
  FSRSBindingReview,
} from "@open-spaced-repetition/binding";
import type { FitReply, FitRequest, FitTask, FitTaskReply } from "./fit-protocol.ts";

/** The task's items, held out or not; only those with a review on a later day (others abort fsrs-rs). */
function itemsOf(task: FitTask, heldOut: boolean): FSRSBindingItem[] {
  const items: FSRSBindingItem[] = [];
  let offset = 0;
  for (const [index, length] of task.lengths.entries()) {
    const start = offset;
    offset += length;
    if ((task.heldOut[index] === 1) !== heldOut || length < 2) continue;
    let laterDay = false;
    const reviews: FSRSBindingReview[] = [];
    for (let k = start; k < start + length; k += 1) {
      const rating = task.ratings[k] ?? 0;
      const delta = k === start ? 0 : (task.deltas[k] ?? 0);
      if (rating < 1 || rating > 4) continue;
      if (k > start && delta > 0) laterDay = true;
      reviews.push(new FSRSBindingReview(rating, delta));
    }
    if (!laterDay || reviews.length < 2) continue;
    const item = new FSRSBindingItem(reviews);
    if (item.includeLongTermReviews()) items.push(item);
  }
  return items;
}

async function fitTask(task: FitTask, defaults: number[]): Promise<FitTaskReply> {
  const train = itemsOf(task, false);
  const test = itemsOf(task, true);
  if (train.length === 0 || test.length === 0) {
    return { key: task.key, ok: false, reason: "no reviews to fit on or to hold out" };
  }
  try {
    const parameters = await computeParameters(train, {
      enableShortTerm: true,
      numRelearningSteps: 1,
      timeout: 50,
    });
    const before = new FSRSBinding(defaults).evaluate(test);
    const after = new FSRSBinding(parameters).evaluate(test);
    return {
      key: task.key,
      ok: true,
      parameters,
      defaults: { logLoss: before.logLoss, rmse: before.rmseBins },
      fitted: { logLoss: after.logLoss, rmse: after.rmseBins },
      trainItems: train.length,
      testItems: test.length,
    };
  } catch (error) {
    return { key: task.key, ok: false, reason: (error as Error).message };
  }
}

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 20);

process.once("message", async (request: FitRequest) => {
  const started = performance.now();
  let reply: FitReply;
  try {
    const results: FitTaskReply[] = [];
    for (const task of request.tasks) results.push(await fitTask(task, request.defaults));
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    reply = { ok: true, results, peakRssMb: Math.round(peakRss / 1048576), ms: performance.now() - started };
  } catch (error) {
    reply = { ok: false, reason: (error as Error).message };
  }
  clearInterval(sampler);
  process.send?.(reply, () => process.exit(0));
});
