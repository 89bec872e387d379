// Which of the quote's reasons are said once for all and which are each service's own (QuoteExcluded shows them).
import { ADDRESS_EXCLUSIONS, type ExclusionCode } from '../../../shared/api/exclusionReasons';

/**
 * The reasons said once for all, and the services left with a reason of their own. Shared: the address's own
 * refusals (the same from every courier), and a text every service gives, two or more and none carrying it (two
 * services out of thirteen that do not go to Italy are each one's own reason).
 */
export function splitShared<T extends { code: ExclusionCode }>(
  excluded: readonly T[],
  anyEligible: boolean,
  text: (e: T) => string,
): { shared: string[]; own: { exclusion: T; text: string }[] } {
  const said = excluded.map((exclusion) => ({ exclusion, text: text(exclusion) }));
  const alike = said.length > 1 && said.every((s) => s.text === said[0]?.text);
  const everyone = alike && !anyEligible ? said[0]?.text : undefined;
  const isShared = (s: (typeof said)[number]) => s.text === everyone || ADDRESS_EXCLUSIONS.has(s.exclusion.code);
  const shared = [...new Set(said.filter(isShared).map((s) => s.text))];
  return { shared, own: said.filter((s) => !isShared(s)) };
}
