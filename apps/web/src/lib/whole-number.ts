// One rule for every count the investor types (lots, shares, units): the text must be digits only.
// A decimal, a sign or any other character is refused with "must be a whole number", never stripped
// or rounded: "2.5" silently becoming 25 lots would place an order the investor never asked for
// (spec section 5: "Buy quantity (lots) must be a whole number").

export { parseWholeNumber, type WholeNumberResult } from '@nivesh/core';
