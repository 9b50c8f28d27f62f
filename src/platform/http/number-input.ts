/** Numbers in request bodies: shared with the browser's contracts (src/shared/api), kept here for the routes. */
export { numberText, wholeNumberInput } from '../../shared/number-input';
