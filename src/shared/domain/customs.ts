// Whether a destination lies outside the EU customs territory, so customs data are needed (docs/decisions.md,
// Couriers: "Customs"). Pure, so the bench form shows the customs fields by the same rule the couriers check.
// Besides non-EU countries this covers EU territories outside it (Canary Islands, Ceuta and Melilla, Livigno,
// Heligoland, Büsingen); San Marino and Monaco are in customs union; Vatican City is served as domestic.
import { EU_COUNTRY_CODES } from './countries';

export function outsideEuCustoms(country: string, cap: string): boolean {
  const code = cap.replace(/\s+/g, '');
  switch (country.trim().toUpperCase()) {
    case 'IT':
      return code === '23041';
    case 'ES':
      return /^(35|38|51|52)/.test(code);
    case 'DE':
      return code === '27498' || code === '78266';
    case 'SM':
    case 'MC':
    case 'VA':
      return false;
    default:
      return !EU_COUNTRY_CODES.has(country.trim().toUpperCase());
  }
}
