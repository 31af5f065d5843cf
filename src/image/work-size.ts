/**
 * How large the localiser's working image is. Its size used to be set by the longer side alone
 * (`DocumentOptions.workSide`), so a wide photo of two or three cards laid in a row (3.5-4:1)
 * was worked on at 480 x 125 px: each card ~90 px tall, its sides a few pixels from the next
 * card's and from the desk's clutter, and the step edges that close it merged or lost. A frame
 * wider than a camera's 16:9 gets as many working pixels as a 16:9 frame of that `workSide`
 * instead (no more cost), up to `maxStretch` times `workSide` along its longer side. Camera frames
 * (4:3 to 16:9) keep `workSide`: the localiser's pixel distances are tuned there (a 4:3 budget,
 * which gave 1140 x 700 a 530 px side, split two pale cards touching in a row into three).
 */

/** Longer side of the working image for a `width` x `height` upload. */
export function workLongerSide(width: number, height: number, workSide: number, maxStretch: number): number {
  const longer = Math.max(width, height);
  const shorter = Math.max(1, Math.min(width, height));
  // The pixel budget of a 16:9 frame whose longer side is workSide.
  const budget = (workSide * workSide * 9) / 16;
  const byArea = Math.sqrt(budget * (longer / shorter));
  return Math.round(Math.min(workSide * maxStretch, Math.max(workSide, byArea)));
}
