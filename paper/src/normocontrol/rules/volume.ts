/**
 * The user's order: the volume they paid for, within ±5 % (windowFor in run/budget.ts).
 * Measured: the page count of the PDF of the same document, when the check knows the order.
 */
import type { NormocontrolRule } from '../rule.ts';

export const volume: NormocontrolRule = {
  id: 'volume',
  clause: 'Заказ: объём работы ±5 %',
  applies: (d) => d.volume !== null && d.pdf !== null,
  check: (d) => {
    const pages = d.pdf!.pageCount;
    const { requested, min, max } = d.volume!;
    if (pages >= min && pages <= max) return [];
    return [{ message: `Объём работы ${pages} с., а заказано ${requested} с. (допустимо от ${min} до ${max})` }];
  },
};
