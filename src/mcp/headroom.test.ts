import { describe, expect, it } from 'vitest';
import { ruleLine, type AccountView } from './headroom.js';

const account = (headroom: AccountView['headroom']): AccountView => ({
  id: 'acc_1',
  status: 'active',
  product: 'evaluation-50k',
  equity: '50100',
  rule: { drawdown: { mode: 'intraday_equity' } },
  headroom,
});

describe('rule limits in the tool descriptions, from the account view’s headroom', () => {
  it('states each rule in force in one line, with the API’s own figures', () => {
    expect(
      ruleLine(
        account([
          { rule: 'daily_loss', unit: 'usd', limit: '1000', value: '350.5', headroom: '649.5' },
          { rule: 'drawdown', unit: 'usd', limit: '47700', value: '50100', headroom: '2400' },
          { rule: 'profit_target', unit: 'usd', limit: '3000', value: '200', headroom: '2800' },
          { rule: 'min_trading_days', unit: 'days', limit: '5', value: '2', headroom: '3' },
        ]),
      ),
    ).toBe(
      'account acc_1 (evaluation-50k, active, equity 50100 USD); daily loss limit 1000 USD (used 350.5, left today 649.5); ' +
        'drawdown floor 47700 USD equity (2400 USD away, intraday_equity drawdown); profit target 3000 USD (profit 200, 2800 to go); min trading days 5 (done 2)',
    );
  });

  it('an account without rules is stated alone', () => {
    expect(ruleLine(account([]))).toBe('account acc_1 (evaluation-50k, active, equity 50100 USD)');
  });
});
