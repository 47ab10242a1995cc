/** The bottom sheets' drag-to-close rule: pure, so the numbers are checked in Node. */

/** The sheet's nominal height, in percent of the window's height. */
export const DRAWER_HEIGHT_PERCENT = 60;
/** Dragged down a third of that height, the sheet closes. */
export const DRAWER_CLOSE_DIVISOR = 3;

/** Pixels a sheet must be dragged down to close in a window this tall (844 px: 168.8 px). One division, so no float drift. */
export const closeDistance = (windowHeight: number): number => (windowHeight * DRAWER_HEIGHT_PERCENT) / (100 * DRAWER_CLOSE_DIVISOR);

/** Whether a drag of `dy` pixels (down is positive) closes the sheet. */
export const dragCloses = (dy: number, windowHeight: number): boolean => dy >= closeDistance(windowHeight);
