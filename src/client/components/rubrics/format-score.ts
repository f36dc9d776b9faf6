/** A rubric's score out of 100 with one decimal ("66.7"), as every scoring screen shows it. */
export const formatScore = (score: number) => (Math.round(score * 10) / 10).toFixed(1);
