import { describe, expect, it } from 'vitest';
import { headroomOf, ruleLine, type AccountView } from './headroom.js';

const account = (over: Partial<AccountView['metrics']> = {}, rule: Partial<AccountView['rule']> = {}): AccountView => ({
  id: 'acc_1',
  status: 'active',
  stage: 'evaluation',
  product: 'evaluation-50k',
  starting_balance: '50000',
  balance: '50200',
  equity: '50100',
  rule: {
    daily_loss: { amount_usd: '1000', percent: null },
    drawdown: { amount_usd: '2500', percent: null, mode: 'trailing' },
    profit_target: { amount_usd: null, percent: '6' },
    min_trading_days: 5,
    ...rule,
  },
  metrics: { drawdown_floor: '47700', daily_loss_limit_usd: '1000', daily_loss_used: '350.5', profit: '200', trading_days: 2, ...over },
});

describe('rule headroom from the account view', () => {
  it('daily loss left, distance to the floor, profit target from its percent, trading days', () => {
    expect(headroomOf(account())).toEqual({
      daily_loss_left_usd: '649.5',
      drawdown_floor: '47700',
      distance_to_drawdown_floor_usd: '2400',
      profit_target_usd: '3000',
      profit_usd: '200',
      profit_target_left_usd: '2800',
      trading_days: 2,
      min_trading_days: 5,
    });
  });

  it('never shows negative room left, and null for the rules that are off', () => {
    const h = headroomOf(account({ daily_loss_used: '1200', drawdown_floor: null, daily_loss_limit_usd: '1000', profit: '3500' }, { profit_target: null }));
    expect(h).toMatchObject({ daily_loss_left_usd: '0', distance_to_drawdown_floor_usd: null, profit_target_usd: null, profit_target_left_usd: null });
  });

  it('states the limits in one line for the tool descriptions', () => {
    expect(ruleLine(account())).toBe(
      'account acc_1 (evaluation-50k, active, equity 50100 USD); daily loss limit 1000 USD (left today 649.5); ' +
        'drawdown floor 47700 USD equity (2400 USD away, trailing drawdown); profit target 3000 USD (2800 to go); min trading days 5 (done 2)',
    );
  });
});
