import {
  cardBrand,
  effectiveRemoteVersion,
  formatPlanPrice,
  isModuleAllowedByPlan,
  modulesAllowedByPlan,
  TEST_CARDS,
} from './administration';
import { passesLuhnCheck } from './luhn';
import { findModule } from './modules';

const growth = { categories: ['Core Business', 'Business Growth'], includes_premium: false };
const enterprise = {
  categories: ['Core Business', 'Business Growth', 'Industry Solutions'],
  includes_premium: true,
};

describe('plan rules', () => {
  it('allows the categories of the plan and premium modules only with premium', () => {
    expect(modulesAllowedByPlan(growth)).toEqual([
      'crm',
      'project',
      'finance',
      'marketing',
      'sales',
      'trainerpro',
    ]);
    const hotel = findModule('hotel');
    const healthcare = findModule('healthcare');
    if (!hotel || !healthcare) throw new Error('catalogue changed');
    expect(isModuleAllowedByPlan(growth, healthcare)).toBe(false);
    expect(isModuleAllowedByPlan(enterprise, healthcare)).toBe(true);
    expect(isModuleAllowedByPlan(enterprise, hotel)).toBe(true);
    expect(isModuleAllowedByPlan({ ...enterprise, includes_premium: false }, hotel)).toBe(false);
    expect(modulesAllowedByPlan(null)).toEqual([]);
  });

  it('formats prices per month', () => {
    expect(formatPlanPrice(7900)).toBe('$79 / month');
    expect(formatPlanPrice(1999)).toBe('$19.99 / month');
  });
});

describe('test cards', () => {
  it('every listed test card passes the Luhn check', () => {
    for (const card of TEST_CARDS) expect(passesLuhnCheck(card.number)).toBe(true);
    expect(passesLuhnCheck('4242 4242 4242 4241')).toBe(false);
    expect(passesLuhnCheck('abc')).toBe(false);
  });

  it('names the brand', () => {
    expect(cardBrand('4242424242424242')).toBe('Visa');
    expect(cardBrand('5555 5555 5555 4444')).toBe('Mastercard');
  });
});

describe('effectiveRemoteVersion', () => {
  it('answers the published pin, else the latest, else the workspace build', () => {
    expect(effectiveRemoteVersion('1.0.0', ['1.0.0', '1.0.1'], '1.0.1')).toBe('1.0.0');
    expect(effectiveRemoteVersion('0.9.0', ['1.0.0', '1.0.1'], '1.0.1')).toBe('1.0.1');
    expect(effectiveRemoteVersion(null, ['1.0.0'], '1.0.0')).toBe('1.0.0');
    expect(effectiveRemoteVersion(null, [], null)).toBe('workspace');
  });
});
