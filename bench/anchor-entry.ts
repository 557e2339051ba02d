/** The anchoring code as the bench and the golden tests load it into a page: one global. */
import { locate, visibilityChecker } from '../utils/anchor/anchor';
import { normalize } from '../utils/anchor/normalize';
import { buildTextModel, rangeFor, releaseRange } from '../utils/anchor/text-model';
import { nearView, placeRange } from '../utils/page/highlighter';

(globalThis as unknown as { __anchor: unknown }).__anchor = {
  buildTextModel,
  locate,
  visibilityChecker,
  rangeFor,
  releaseRange,
  normalize,
  nearView,
  placeRange,
};
