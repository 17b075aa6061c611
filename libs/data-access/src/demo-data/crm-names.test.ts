import { COMPANY_SIZES } from '../contracts/crm/enums';
import {
  CRM_DEMO_COMPANIES,
  CRM_DEMO_COMPANY_PROFILES,
  CRM_DEMO_DEAL_HUNDREDS,
  crmDemoCompanyProfile,
} from './crm-names';

/** Words in a company's name that say its industry. */
const NAME_SAYS = [
  [/Health|Biotech/, 'healthcare'],
  [/Finance|Capital/, 'finance'],
  [/Retail/, 'retail'],
  [/Schools/, 'education'],
  [/Software|Analytics/, 'technology'],
  [/Manufacturing|Foods/, 'manufacturing'],
] as const;

describe('CRM demo companies are believable', () => {
  it('gives every demo company a profile whose industry fits its name', () => {
    for (const name of CRM_DEMO_COMPANIES) {
      const profile = CRM_DEMO_COMPANY_PROFILES[name];
      expect(profile).toBeDefined();
      const said = NAME_SAYS.find(([words]) => words.test(name))?.[1] ?? 'other';
      expect(`${name}: ${profile.industry}`).toBe(`${name}: ${said}`);
    }
  });

  it('lets bigger companies buy bigger deals', () => {
    const ranges = COMPANY_SIZES.map((size) => CRM_DEMO_DEAL_HUNDREDS[size]);
    for (let index = 1; index < ranges.length; index += 1) {
      const [low, high] = ranges[index] as readonly [number, number];
      const [lowBefore, highBefore] = ranges[index - 1] as readonly [number, number];
      expect(low).toBeGreaterThan(lowBefore);
      expect(high).toBeGreaterThanOrEqual(highBefore);
      expect(high).toBeGreaterThan(low);
    }
  });

  it('answers no profile for a company that is not in the demo', () => {
    expect(crmDemoCompanyProfile('Someone Else Ltd')).toBeNull();
    expect(crmDemoCompanyProfile('Cedar Health')).toEqual({ industry: 'healthcare', size: '201-1000' });
  });
});
