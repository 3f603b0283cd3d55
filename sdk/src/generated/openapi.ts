/**
 * Types of Rampart's API, generated from Rampart's OpenAPI document by `npm run sdk:generate`. Do not edit:
 * sdk/test/generated.test.ts fails when this file differs from what the current document generates.
 */
export interface paths {
    "/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This API described as OpenAPI 3.1
         * @description This document: OpenAPI 3.1, written from the same route definitions and schemas that validate requests and shape answers. Needs no key.
         */
        get: operations["getOpenApi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health of this environment: engine, price feed, switches
         * @description Whether this environment is operational: the engine, the price feed (which markets are quoted, which are stale, which are halted and why; with the exchanges feed, the state of each exchange source) and the switches that take requests and open sandbox accounts.
         */
        get: operations["getStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/limits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The customer's limits: sandbox accounts, request budgets, working-order caps, body and URL sizes
         * @description The limits that apply to the key's customer: sandbox accounts used and left, the rate-limit budgets (ip, key, account_orders), the working-order caps, and the body, URL and JSON depth limits.
         */
        get: operations["getLimits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/markets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Markets with size step, tick size, leverage, slippage bounds and the current quote
         * @description Every market with its trading parameters (size step, tick size, minimum value, leverage, slippage bounds, price band, exposure cap, fees) and its current quote.
         */
        get: operations["listMarkets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/markets/{market}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One market with its current quote
         * @description One market with its trading parameters and current quote; `market_not_found` when it is not offered.
         */
        get: operations["getMarket"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The products accounts are sold as, with their rules (ids POST /v1/accounts takes)
         * @description The products accounts are sold as, each with its size and trading rule; `POST /v1/accounts` takes a product id to mirror it in the sandbox.
         */
        get: operations["listProducts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The accounts the key reaches (its customer's, in this environment), oldest first
         * @description The accounts of the key's customer in this environment, oldest first, one page at a time (`after` = the last id of the previous page).
         */
        get: operations["listAccounts"];
        put?: never;
        /**
         * Open a sandbox account (202, pending, active within moments)
         * @description Sandbox only. Opens a sandbox account, mirroring a product when `product` is given. Answers 202 with the account as created (`pending`) and a `Location` header; it becomes `active` within moments. Needs an Idempotency-Key.
         */
        post: operations["openAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/accounts/{account_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One account with its balance, equity, rule and the metrics the rule is judged on
         * @description One account: status, balance, equity, margin, its rule and the metrics the rule is judged on (drawdown floor, daily loss used, profit, trading days).
         */
        get: operations["getAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/accounts/{account_id}/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's orders, newest first (filters: status — 'open' is pending, working and unconfirmed —, market, client_order_id)
         * @description The account's orders, newest first, filtered by status (`open` = pending, working and unconfirmed), market or client_order_id.
         */
        get: operations["listOrders"];
        put?: never;
        /**
         * Place an order, with exits held by the service (201; 202 unconfirmed when the engine answer is lost)
         * @description Places an order (market, limit, stop_market, stop_limit), optionally with exits (take profit, stop loss, break-even) that the service holds and places when the order fills. Answers 201 with the order; when the engine's answer does not come in time, 202 with the order `unconfirmed` and a `Location` to follow. Needs an Idempotency-Key: a retry with the same key answers the first result.
         */
        post: operations["placeOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/accounts/{account_id}/orders/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Preview an order: outcome, price, fee, margin, position after, exposure room, risk at the stop. Sends nothing.
         * @description Runs every check of an order without sending it: the outcome (would fill, rest or be rejected, with the rejection), the price, fee, margin required and left, the position after, the exposure room, and the loss at the stop with the account rule's limit per trade. Takes the body of an order with its exits (take_profit, stop_loss, break_even are judged as they would be). Allowed to read keys.
         */
        post: operations["previewOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/accounts/{account_id}/orders/cancel-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel every working order of the account from any platform, or of one market (cancel_reason cancel_all)
         * @description Cancels every working order of the account, or of one market (`market`), from any platform; the orders end `canceled` with cancel_reason `cancel_all`. The body is optional. Needs an Idempotency-Key.
         */
        post: operations["cancelAllOrders"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/accounts/{account_id}/orders/cancel-all-after": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's dead-man switch: armed or not, and when it fires
         * @description Reads the account's dead-man switch as stored (the account view shows it too as `dead_man_switch`): `armed` and `fires_at` (Unix ms), or `armed` false and `fires_at` null when it is not armed (never armed, disarmed, or fired).
         */
        get: operations["getDeadManSwitch"];
        put?: never;
        /**
         * Arm, renew or disarm the dead-man switch: cancel the opening orders if not renewed within timeout_ms
         * @description Arms the account's dead-man switch to fire `timeout_ms` after now on the service clock; calling again renews it from the new now, and `timeout_ms` 0 disarms it. When it fires, every working order of the account that opens or adds exposure ends `canceled` with cancel_reason `dead_man_switch` (one `order.canceled` event each) and the switch disarms; reduce-only orders and the exits (take-profit, stop-loss) protecting positions stay. `timeout_ms` is an integer: 0, or 1000 to 86400000 (one second to one day). The deadline is stored with the account: it survives a restart or a fail-over. Needs an Idempotency-Key.
         */
        post: operations["armDeadManSwitch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/accounts/{account_id}/orders/{order_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One order (where a 202 Location points)
         * @description One order of the account, as it is now; where a 202's `Location` points.
         */
        get: operations["getOrder"];
        put?: never;
        post?: never;
        /**
         * Cancel one working order (cancel_reason user)
         * @description Cancels one working order (cancel_reason `user`) and answers it; `order_not_working` when it already ended. Needs an Idempotency-Key.
         */
        delete: operations["cancelOrder"];
        options?: never;
        head?: never;
        /**
         * Edit a working order (size, limit_price, stop_price, expires_at, exits) → order.edited
         * @description Changes a working limit or stop order in place (size, limit_price, stop_price, expires_at, exits), with every check of a new order; emits `order.edited`. Needs an Idempotency-Key.
         */
        patch: operations["editOrder"];
        trace?: never;
    };
    "/v1/accounts/{account_id}/positions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Open positions, one per market, marked at the last price
         * @description The account's open positions, one per market, marked at the market's last price, with their exits.
         */
        get: operations["listPositions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/accounts/{account_id}/positions/close-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Close every position the key may trade at the market (close_reason close_all)
         * @description Closes every position the key may trade at the market (close_reason `close_all`) and lists which markets closed and which failed with what code. The body is optional. Needs an Idempotency-Key.
         */
        post: operations["closeAllPositions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/accounts/{account_id}/positions/{market}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The position on one market
         * @description The position on one market; `position_not_found` when nothing is held there.
         */
        get: operations["getPosition"];
        put?: never;
        post?: never;
        /**
         * Close the position at the market (close_reason user); answers the closing order
         * @description Closes the position at the market (close_reason `user`) and answers the closing order. Needs an Idempotency-Key.
         */
        delete: operations["closePosition"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/accounts/{account_id}/positions/{market}/exits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Replace the position's exits (null removes one); old exit orders are canceled `replaced`
         * @description Replaces the position's exits: each of take_profit, stop_loss and break_even is set, or removed with null; the old exit orders are canceled `replaced`. Answers the position.
         */
        put: operations["setPositionExits"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/accounts/{account_id}/positions/{market}/margin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add (+) or remove (−) an isolated position's margin
         * @description Adds margin to an isolated position (positive amount) or removes it (negative), moving its liquidation price. Needs an Idempotency-Key.
         */
        post: operations["adjustPositionMargin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/accounts/{account_id}/fills": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every execution with its price and fee, newest first
         * @description The account's executions, newest first, each with its price, fee, realized PnL and whether it was a liquidation.
         */
        get: operations["listFills"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/accounts/{account_id}/history/equity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Equity curve: one point per closed trade, or per trading day; the first point is the opening balance
         * @description The account's equity curve at the resolution asked: one point per closed trade or per trading day, oldest first; the first point is the opening balance.
         */
        get: operations["getEquityCurve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/accounts/{account_id}/margin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The margin setting of every market on the account: leverage, mode, where the leverage comes from
         * @description The margin setting of every market on the account: leverage, margin mode, the market's max leverage, where the leverage comes from, and whether it is locked by a position or working order.
         */
        get: operations["listMarginSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/accounts/{account_id}/margin/{market}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set the leverage and margin mode new positions on the market get
         * @description Sets the leverage and/or margin mode the account's new positions on the market get; the mode cannot change while a position or working order is open there (`margin_mode_locked`).
         */
        put: operations["setMarginSetting"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What happened on the customer's accounts in this environment, oldest first (the same events as the account stream)
         * @description What happened on the customer's accounts in this environment (orders, fills, positions, engine restarts), oldest first; the same events, with the same ids, as the account stream and webhooks. `next_cursor` is the id of the page's last event.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/accounts/{account_id}/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's events as Server-Sent Events, live; resume=<event id> or Last-Event-ID continues after that event without a gap
         * @description The account's events as Server-Sent Events, live. `resume` (or the `Last-Event-ID` header, which wins) continues after that event without a gap; without either the stream starts at the newest event. A heartbeat comment is sent every 15 s.
         */
        get: operations["streamAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The customer's webhook endpoints in this environment, oldest first (never their secrets)
         * @description The customer's webhook endpoints in this environment, oldest first, without their secrets.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Register a webhook endpoint: signed deliveries (Standard Webhooks) of the events after it; the secret is shown once
         * @description Registers an endpoint for signed deliveries (Standard Webhooks) of the events after it, optionally of some types or one account only. The URL is http(s) without credentials, and not a private, loopback or link-local address (in both environments; names are checked again at each delivery). The signing secret is in this answer only. Needs an Idempotency-Key.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{webhook_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint: nothing more is sent to it (no Idempotency-Key needed: deleting twice answers webhook_not_found)
         * @description Deletes an endpoint: nothing more is sent to it. Deleting it again answers `webhook_not_found`, so no Idempotency-Key is needed.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{webhook_id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The endpoint's deliveries, newest first, each with its attempts (status, error, duration) and next attempt
         * @description The endpoint's deliveries, newest first, each with every attempt (status code, error, duration) and the next attempt.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/signals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The customer's signals in this environment, oldest first, revoked ones too (never their URLs)
         * @description The customer's signals in this environment, oldest first, revoked ones included (`revoked_at`), each with the last four characters of its URL (`url_hint`) but never the URL.
         */
        get: operations["listSignals"];
        put?: never;
        /**
         * Make a signal: an alert URL for TradingView or a bridge that places orders on several accounts (the URL is shown once)
         * @description Makes a signal: an alert URL (`POST /v1/alerts/{secret}`, no Authorization header) whose alerts place an order on every account named, the size times the account's multiplier, each judged by its own account's rules and by the signal's fences (markets, max_order_usd, reduce_only, expires_at; refused with the codes a key's fences answer). `no_hedging` refuses an order that would open against a position held on another of your accounts. The URL carries the secret and is in this answer only: a replay with the same Idempotency-Key answers the signal with `url` null. A live signal needs `email_code`, the newest live_signal code emailed to you (docs/SIGNALS.md).
         */
        post: operations["createSignal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/signals/{signal_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a signal: its URL answers signal_not_found from now on (no Idempotency-Key needed: revoking twice answers signal_not_found)
         * @description Revokes a signal: its URL answers 404 `signal_not_found` from now on, and alerts already taken finish. The signal and its log stay listed with `revoked_at`. Revoking it again answers `signal_not_found`, so no Idempotency-Key is needed.
         */
        delete: operations["revokeSignal"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/signals/{signal_id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signal's log: every alert received, newest first, with what it did on each account (orders placed, refusals with their codes)
         * @description The signal's log, newest first: each alert as read (or the error that refused it), its status (pending while its orders are placed, done, or refused when it could not be read) and, per account, the order placed or the refusal's code and message.
         */
        get: operations["listSignalDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/alerts/{secret}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A signal's alert URL (TradingView's webhook): 202 at once, the orders follow on every account of the signal
         * @description Where TradingView (or a bridge) posts an alert: the path's secret is the signal's, no Authorization header. The body is the alert message: JSON (numbers are read as the decimals written, never as floating point) or text (`buy BTCUSDT qty=0.5 sl=63000 tp=2% id=abc`, or TradingView's default strategy message); docs/SIGNALS.md lists the fields. Answers 202 with the alert's id once it is stored; the orders follow (GET /v1/signals/{id}/deliveries). A repeat of an alert (the same `id`, or the same `time` and action, within 24 h; the same body within 10 s) answers the first alert and places nothing. An alert that cannot be read answers 400 invalid_request (details.field, details.reason), is kept in the log, and places nothing.
         */
        post: operations["receiveAlert"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description The error envelope every error answers. Each operation narrows `error` to the codes it can answer. */
        Error: {
            error: {
                /** @enum {string} */
                type: "invalid_request" | "authentication" | "permission" | "not_found" | "conflict" | "rule_rejection" | "rate_limit" | "server" | "engine";
                /** @enum {string} */
                code: "invalid_request" | "invalid_parameter" | "unknown_field" | "invalid_cursor" | "invalid_json" | "missing_api_key" | "invalid_api_key" | "expired_api_key" | "revoked_api_key" | "invalid_token" | "expired_token" | "revoked_token" | "wrong_resource" | "wrong_environment" | "ip_not_allowed" | "insufficient_permission" | "api_disabled" | "invalid_size_step" | "invalid_price_tick" | "price_out_of_band" | "stop_already_triggered" | "post_only_would_fill" | "limit_inside_spread" | "order_too_small" | "working_order_cap" | "client_order_id_conflict" | "order_not_working" | "idempotency_key_reused" | "operation_in_progress" | "key_market_not_allowed" | "key_reduce_only" | "key_max_order_notional" | "key_max_position_notional" | "key_loss_stop_active" | "insufficient_margin" | "exposure_cap_exceeded" | "reduce_only_violation" | "slippage_exceeded" | "no_price" | "stale_quote" | "market_closed" | "market_not_offered" | "market_halted" | "position_liquidating" | "account_paused" | "account_not_tradable" | "insufficient_balance" | "margin_mode_locked" | "invalid_leverage" | "liquidation_risk" | "position_not_isolated" | "engine_busy" | "order_rejected" | "account_not_found" | "market_not_found" | "order_not_found" | "position_not_found" | "webhook_not_found" | "signal_not_found" | "signal_expired" | "route_not_found" | "method_not_allowed" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "sandbox_limit_reached" | "account_not_ready" | "sandbox_opening" | "idempotency_key_required" | "invalid_idempotency_key" | "rate_limited" | "not_ready" | "state_unavailable" | "engine_unavailable" | "limiter_unavailable" | "sandbox_disabled" | "environment_disabled" | "temporarily_unavailable" | "capacity" | "internal_error" | "session_required" | "invalid_credentials" | "csrf_failed" | "signup_closed" | "invalid_invitation" | "weak_password" | "too_many_attempts" | "email_code_required" | "invalid_email_code" | "invalid_node_signature" | "authorization_request_not_yours";
                message: string;
                request_id: string;
                retryable: boolean;
                /** Format: uri */
                doc_url: string;
                details?: {
                    [key: string]: unknown;
                };
            };
        };
        /** @description OpenAPI 3.1 document */
        GetOpenApiResponse: {
            [key: string]: unknown;
        };
        /** @description invalid_request (400): The request is malformed. */
        InvalidRequestError: {
            /** @enum {string} */
            type: "invalid_request";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "invalid_request";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                field?: string;
                reason?: string;
                errors?: {
                    [key: string]: unknown;
                }[];
            } & {
                [key: string]: unknown;
            };
        };
        /** @description uri_too_long (414): The URL is over the length limit. */
        UriTooLongError: {
            /** @enum {string} */
            type: "invalid_request";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "uri_too_long";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                max_bytes?: number;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description rate_limited (429): A request budget is used up. */
        RateLimitedError: {
            /** @enum {string} */
            type: "rate_limit";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "rate_limited";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: true;
            /** Format: uri */
            doc_url: string;
            details?: {
                /** @enum {string} */
                scope?: "ip" | "key" | "account_orders";
                limit?: number;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description internal_error (500): An unexpected error occurred. */
        InternalError: {
            /** @enum {string} */
            type: "server";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "internal_error";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: true;
            /** Format: uri */
            doc_url: string;
            details?: {
                [key: string]: unknown;
            };
        };
        /** @description not_ready (503): The API is starting; keys and state are not loaded yet. */
        NotReadyError: {
            /** @enum {string} */
            type: "server";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "not_ready";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: true;
            /** Format: uri */
            doc_url: string;
            details?: {
                [key: string]: unknown;
            };
        };
        /** @description capacity (503): The API is busy. */
        CapacityError: {
            /** @enum {string} */
            type: "server";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "capacity";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: true;
            /** Format: uri */
            doc_url: string;
            details?: {
                [key: string]: unknown;
            };
        };
        Status: {
            /** @enum {string} */
            environment: "live" | "sandbox";
            /** @enum {string} */
            status: "operational" | "degraded";
            /** @enum {string} */
            engine: "up" | "down";
            price_feed: {
                /** @enum {string} */
                source: "simulated" | "manual" | "replay" | "exchanges";
                markets_quoted: number;
                markets_stale: string[];
                /** @description Halted markets: by the operator, or by the exchanges feed while its sources disagree (since: when the feed halted it) */
                markets_halted: {
                    market: string;
                    /** @enum {string} */
                    reason: "operator" | "sources_disagree";
                    since: number | null;
                }[];
                /** @description The exchange sources of the exchanges feed (empty for the other feeds) */
                sources: {
                    id: string;
                    exchange: string;
                    /** @enum {string} */
                    state: "connecting" | "connected" | "reconnecting" | "stopped";
                    last_tick_at: number | null;
                    /** @description Markets whose composite price leaves this source out: its price strays from the others */
                    set_aside: string[];
                    /** @description Markets this source has said nothing about for longer than their stale_after_ms */
                    stale: string[];
                    gaps: number;
                    garbled: number;
                }[];
            };
            accepting_requests: boolean;
            sandbox_opening: boolean;
            /** @description Unix milliseconds */
            time: number;
        };
        /** @description missing_api_key (401): No Authorization header was sent. */
        MissingApiKeyError: {
            /** @enum {string} */
            type: "authentication";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "missing_api_key";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                [key: string]: unknown;
            };
        };
        /** @description invalid_api_key (401): The API key is mistyped, unknown, or not sent as Bearer. */
        InvalidApiKeyError: {
            /** @enum {string} */
            type: "authentication";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "invalid_api_key";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                [key: string]: unknown;
            };
        };
        /** @description revoked_api_key (401): The API key was revoked. */
        RevokedApiKeyError: {
            /** @enum {string} */
            type: "authentication";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "revoked_api_key";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                [key: string]: unknown;
            };
        };
        /** @description expired_api_key (401): The API key has passed its end date. */
        ExpiredApiKeyError: {
            /** @enum {string} */
            type: "authentication";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "expired_api_key";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                [key: string]: unknown;
            };
        };
        /** @description wrong_environment (401): The key belongs to the other environment; use its host. */
        WrongEnvironmentError: {
            /** @enum {string} */
            type: "authentication";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "wrong_environment";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                expected_host?: string;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description invalid_token (401): The access token is mistyped, unknown, or not sent as Bearer. */
        InvalidTokenError: {
            /** @enum {string} */
            type: "authentication";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "invalid_token";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                [key: string]: unknown;
            };
        };
        /** @description expired_token (401): The access token has expired. */
        ExpiredTokenError: {
            /** @enum {string} */
            type: "authentication";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "expired_token";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                [key: string]: unknown;
            };
        };
        /** @description revoked_token (401): Access for this token was ended. */
        RevokedTokenError: {
            /** @enum {string} */
            type: "authentication";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "revoked_token";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                [key: string]: unknown;
            };
        };
        /** @description wrong_resource (401): The access token was issued for another host. */
        WrongResourceError: {
            /** @enum {string} */
            type: "authentication";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "wrong_resource";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                expected_resource?: string;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description ip_not_allowed (403): The request's address is not on the key's allowlist. */
        IpNotAllowedError: {
            /** @enum {string} */
            type: "permission";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "ip_not_allowed";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                ip?: string;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description api_disabled (403): API access is not open or is suspended for this customer. */
        ApiDisabledError: {
            /** @enum {string} */
            type: "permission";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "api_disabled";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                [key: string]: unknown;
            };
        };
        Limits: {
            sandbox_accounts: {
                limit: number;
                used: number;
                remaining: number;
            };
            rate_limits: {
                enabled: boolean;
                ip: {
                    capacity: number;
                    refill_per_second: number;
                    /** @description Shared budgets (several nodes) only: capacity is granted per fixed window of this many seconds */
                    window_seconds?: number;
                };
                key: {
                    capacity: number;
                    refill_per_second: number;
                    /** @description Shared budgets (several nodes) only: capacity is granted per fixed window of this many seconds */
                    window_seconds?: number;
                };
                account_orders: {
                    capacity: number;
                    refill_per_second: number;
                    /** @description Shared budgets (several nodes) only: capacity is granted per fixed window of this many seconds */
                    window_seconds?: number;
                };
            };
            working_orders: {
                per_account: number;
                per_customer: number;
            };
            body_max_bytes: number;
            url_max_bytes: number;
            json_max_depth: number;
            idempotency_key_ttl_ms: number;
            /** @description How far ahead of now an expires_at may lie (orders, keys, tokens) */
            max_expires_in_ms: number;
        };
        /** @description environment_disabled (503): This host takes no requests; check GET /v1/status. */
        EnvironmentDisabledError: {
            /** @enum {string} */
            type: "server";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "environment_disabled";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                status_url?: string;
            } & {
                [key: string]: unknown;
            };
        };
        MarketList: {
            data: components["schemas"]["Market"][];
        };
        /** @description A perpetual market with its current quote */
        Market: {
            id: string;
            base_asset: string;
            quote_asset: string;
            /** @enum {string} */
            status: "open" | "closed" | "halted";
            halt_reason: ("operator" | "sources_disagree") | null;
            offered: boolean;
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            size_step: string;
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            tick_size: string;
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            min_notional_usd: string;
            max_leverage: number;
            default_leverage: number;
            max_slippage_pct: {
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                default: string;
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                min: string;
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                max: string;
            };
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            price_band_pct: string;
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            exposure_cap_usd: string;
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            maker_fee_rate: string;
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            taker_fee_rate: string;
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            maintenance_margin_rate: string;
            stale_after_ms: number;
            bid: string | null;
            ask: string | null;
            last: string | null;
            price_time: number | null;
        };
        /** @description invalid_parameter (400): A query or path parameter is out of range or of the wrong kind. */
        InvalidParameterError: {
            /** @enum {string} */
            type: "invalid_request";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "invalid_parameter";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                parameter?: string;
                errors?: {
                    [key: string]: unknown;
                }[];
            } & {
                [key: string]: unknown;
            };
        };
        /** @description market_not_found (404): The market is not offered. */
        MarketNotFoundError: {
            /** @enum {string} */
            type: "not_found";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "market_not_found";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                market?: string;
            } & {
                [key: string]: unknown;
            };
        };
        ProductList: {
            data: components["schemas"]["Product"][];
        };
        Product: {
            id: string;
            /** @enum {string} */
            stage: "evaluation" | "funded";
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            size: string;
            rule: components["schemas"]["Rule"];
            /** @description The rulebook version this rule is: new accounts of the product are opened on it (docs/RULES.md) */
            rule_version: number;
        };
        Rule: {
            /** @description Non-negative decimal string */
            starting_balance: string;
            daily_loss: {
                amount_usd: string | null;
                percent: string | null;
                /** @enum {string} */
                basis: "peak_balance" | "start_balance" | "peak_equity" | "day_start_balance" | "day_start_equity" | "max_day_start";
                /** @enum {string} */
                action: "fail_account" | "flatten" | "flatten_and_pause";
                /** @description A soft limit: reaching it opens a breach (account.rule_breach, a warning on the account) instead of acting; back within it before correction_ms pass cures it, otherwise the action follows; after max_soft_breaches breaches it acts at once (docs/RULES.md) */
                soft?: {
                    correction_ms: number;
                    max_soft_breaches: number;
                } | null;
            } | null;
            drawdown: {
                amount_usd: string | null;
                percent: string | null;
                /** @enum {string} */
                mode: "end_of_day" | "end_of_trade" | "static" | "intraday_equity";
                /**
                 * @description end_of_day only: the value at the rollover that moves the reference; balance when absent (docs/RULES.md)
                 * @enum {string}
                 */
                basis?: "balance" | "equity";
                /** @description The floor stops rising once it reaches starting_balance + lock_at_usd; absent or null: it trails without a lock (docs/RULES.md) */
                lock_at_usd?: string | null;
                /** @description A soft limit: reaching it opens a breach (account.rule_breach, a warning on the account) instead of acting; back within it before correction_ms pass cures it, otherwise the action follows; after max_soft_breaches breaches it acts at once (docs/RULES.md) */
                soft?: {
                    correction_ms: number;
                    max_soft_breaches: number;
                } | null;
            } | null;
            profit_target: {
                amount_usd: string | null;
                percent: string | null;
                close_positions: boolean;
            } | null;
            min_trading_days: number;
            min_calendar_days: number;
            overnight_allowed: boolean;
            weekend_allowed: boolean;
            inactivity_days: number | null;
            /** @description Inactivity by calendar days: that many whole 24-hour days without a fill (since the last fill, else since the account opened) fail the account, judged the moment they pass; beside inactivity_days, which counts trading days at the rollover (docs/RULES.md) */
            inactivity_calendar_days?: number | null;
            /** @description The best trading day's profit may be at most max_best_day_pct % of the total profit: the profit target is met only while it holds (the account stays active; its headroom says by how much). Day profits are the balance's, day by day (docs/RULES.md) */
            consistency?: {
                /** @description Non-negative decimal string */
                max_best_day_pct: string;
                /** @description Judged per window of this many trading days (a payout period of a funded account) from the window's starting balance; absent: over the account's life */
                window_days?: number;
            } | null;
            /**
             * @description News windows (the operator's calendar, /admin/v1/news): inside a window on the order's market, no_open refuses orders that open or add to a position (and rejects resting ones that would fill then); no_trade refuses every new order; allowed (or absent): trading goes on. order_rejected, details.reason news_window. Exits and closing a position keep working (docs/RULES.md)
             * @enum {string}
             */
            news?: "allowed" | "no_open" | "no_trade";
            /** @description Risk per trade and a mandatory stop. With a stop, the loss at it (the position after the order, from its entry to the stop) may be at most amount_usd, else percent % of the balance: order_rejected, details.reason risk_per_trade. require_stop_loss without grace_ms: an order that opens or adds to a position must carry a stop loss (or add to a position that has one): order_rejected, details.reason risk_per_trade, details.stop_loss required; with grace_ms: such orders are taken, and a position left without a stop-loss exit that long is closed (close_reason risk_rule) (docs/RULES.md) */
            risk_per_trade?: {
                amount_usd: string | null;
                percent: string | null;
                require_stop_loss: boolean;
                grace_ms?: number | null;
            } | null;
            /** @description At least count trading days, each with a balance gain of at least min_profit_usd: the profit target is met only once there are that many (the account stays active; its headroom says how many more) (docs/RULES.md) */
            min_profitable_days?: {
                count: number;
                /** @description Non-negative decimal string */
                min_profit_usd: string;
            } | null;
            /** @description The product's own trading day: when the day rolls over for its accounts (daily loss, day counts, end-of-day drawdown, overnight and weekend, inactivity). Absent or null: the service's (RAMPART_TRADING_DAY_START in RAMPART_TIMEZONE) (docs/RULES.md) */
            trading_day?: {
                /** @description The rollover, HH:MM local time */
                rollover: string;
                /** @description An IANA time zone, e.g. America/New_York (daylight saving followed) */
                time_zone: string;
            } | null;
            /** @description A scaling plan: the largest position per market (its notional at the order's price) by the balance at the day's start — the tier with the highest min_balance at or below it, else the lowest tier. An order that would open or add beyond it is refused: order_rejected, details.reason size_tier (docs/RULES.md) */
            size_tiers?: {
                /** @description Non-negative decimal string */
                min_balance: string;
                /** @description Non-negative decimal string */
                max_position_usd: string;
            }[];
        };
        OpenAccountRequest: {
            /** @description Mirror this product's size, balance and rule */
            product?: string;
        };
        /** @description A trading account */
        Account: {
            id: string;
            /** @enum {string} */
            status: "pending" | "active" | "passed" | "failed" | "closed" | "suspended";
            /** @enum {string} */
            environment: "live" | "sandbox";
            /** @enum {string} */
            stage: "evaluation" | "funded" | "sandbox";
            product: string;
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            size: string;
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            starting_balance: string;
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            balance: string;
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            equity: string;
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            unrealized_pnl: string;
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            margin_used: string;
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            margin_available: string;
            rule: components["schemas"]["Rule"];
            /** @description The version of its product's rulebook the account is on: the one it was opened with unless the operator moved it (docs/RULES.md) */
            rule_version: number;
            metrics: components["schemas"]["AccountMetrics"];
            /** @description Each rule in force (a daily loss, a drawdown, a profit target, day minimums) with its limit, its value now and how far the value may go before the rule acts or is met (docs/RULES.md) */
            headroom: {
                /** @enum {string} */
                rule: "daily_loss" | "drawdown" | "profit_target" | "consistency" | "min_profitable_days" | "min_trading_days" | "min_calendar_days" | "inactivity_days" | "inactivity_calendar_days";
                /** @enum {string} */
                unit: "usd" | "days";
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                limit: string;
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                value: string;
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                headroom: string;
            }[];
            /** @description The soft limits breached now (the rule's soft daily_loss / drawdown): back within the limit by correct_by, or the rule acts (docs/RULES.md "Soft breaches") */
            rule_warnings: {
                /** @enum {string} */
                rule: "daily_loss" | "drawdown";
                /** @description Unix milliseconds */
                since: number;
                /** @description Unix milliseconds */
                correct_by: number;
                breaches_used: number;
                max_breaches: number;
            }[];
            payout_eligible: boolean;
            parked: boolean;
            paused_until: number | null;
            status_reason: string | null;
            dead_man_switch: components["schemas"]["DeadManSwitch"];
            /** @description Unix milliseconds */
            created_at: number;
            /** @description Unix milliseconds */
            updated_at: number;
        };
        AccountMetrics: {
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            day_start_balance: string;
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            day_start_equity: string;
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            peak_balance: string;
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            peak_equity: string;
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            drawdown_reference: string;
            drawdown_floor: string | null;
            daily_loss_limit_usd: string | null;
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            daily_loss_used: string;
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            profit: string;
            trading_days: number;
            calendar_days: number;
            last_trade_at: number | null;
        };
        /** @description The dead-man switch: when armed, the time (Unix ms, on the service clock) at which every working opening order of the account is canceled with cancel_reason dead_man_switch unless renewed; null when not armed */
        DeadManSwitch: {
            armed: boolean;
            fires_at: number | null;
        };
        /** @description invalid_json (400): The body is not valid JSON or is nested too deep. */
        InvalidJsonError: {
            /** @enum {string} */
            type: "invalid_request";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "invalid_json";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                max_depth?: number;
                duplicate_key?: string;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description unknown_field (400): The request has a field or parameter this route does not know, or a parameter twice. */
        UnknownFieldError: {
            /** @enum {string} */
            type: "invalid_request";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "unknown_field";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                fields?: string[];
            } & {
                [key: string]: unknown;
            };
        };
        /** @description idempotency_key_required (400): This call needs an Idempotency-Key header. */
        IdempotencyKeyRequiredError: {
            /** @enum {string} */
            type: "invalid_request";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "idempotency_key_required";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                [key: string]: unknown;
            };
        };
        /** @description invalid_idempotency_key (400): The Idempotency-Key is empty, too long, or has characters that are not printable ASCII. */
        InvalidIdempotencyKeyError: {
            /** @enum {string} */
            type: "invalid_request";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "invalid_idempotency_key";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                reason?: string;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description insufficient_permission (403): A read key cannot make a trading call. */
        InsufficientPermissionError: {
            /** @enum {string} */
            type: "permission";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "insufficient_permission";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                /** @enum {string} */
                access?: "read" | "trade";
            } & {
                [key: string]: unknown;
            };
        };
        /** @description operation_in_progress (409): A request with this Idempotency-Key is still running. */
        OperationInProgressError: {
            /** @enum {string} */
            type: "conflict";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "operation_in_progress";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: true;
            /** Format: uri */
            doc_url: string;
            details?: {
                [key: string]: unknown;
            };
        };
        /** @description sandbox_limit_reached (409): All of the customer's lifetime sandbox accounts are opened. */
        SandboxLimitReachedError: {
            /** @enum {string} */
            type: "conflict";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "sandbox_limit_reached";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                limit?: number;
                used?: number;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description sandbox_opening (409): A sandbox account is reserved and being opened. */
        SandboxOpeningError: {
            /** @enum {string} */
            type: "conflict";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "sandbox_opening";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: true;
            /** Format: uri */
            doc_url: string;
            details?: {
                account_id?: string;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description payload_too_large (413): The body is over the size limit. */
        PayloadTooLargeError: {
            /** @enum {string} */
            type: "invalid_request";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "payload_too_large";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                max_bytes?: number;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description unsupported_media_type (415): A body needs Content-Type: application/json. */
        UnsupportedMediaTypeError: {
            /** @enum {string} */
            type: "invalid_request";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "unsupported_media_type";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                content_type?: string | null;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description idempotency_key_reused (422): The Idempotency-Key was used before with a different request. */
        IdempotencyKeyReusedError: {
            /** @enum {string} */
            type: "rule_rejection";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "idempotency_key_reused";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                [key: string]: unknown;
            };
        };
        /** @description temporarily_unavailable (503): A needed service did not answer. */
        TemporarilyUnavailableError: {
            /** @enum {string} */
            type: "server";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "temporarily_unavailable";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: true;
            /** Format: uri */
            doc_url: string;
            details?: {
                [key: string]: unknown;
            };
        };
        /** @description sandbox_disabled (503): Sandbox accounts are not being opened. */
        SandboxDisabledError: {
            /** @enum {string} */
            type: "server";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "sandbox_disabled";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                [key: string]: unknown;
            };
        };
        /** @description state_unavailable (503): The engine gave no complete answer in time; nothing partial was returned. */
        StateUnavailableError: {
            /** @enum {string} */
            type: "engine";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "state_unavailable";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: true;
            /** Format: uri */
            doc_url: string;
            details?: {
                [key: string]: unknown;
            };
        };
        AccountList: {
            data: components["schemas"]["Account"][];
            next_cursor: string | null;
            has_more: boolean;
        };
        /** @description invalid_cursor (400): The cursor was changed, or belongs to another list or filter. */
        InvalidCursorError: {
            /** @enum {string} */
            type: "invalid_request";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "invalid_cursor";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                after?: string;
                cursor?: string;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description account_not_found (404): The account is not in this environment or not reachable by this key. */
        AccountNotFoundError: {
            /** @enum {string} */
            type: "not_found";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "account_not_found";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                account_id?: string;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description The common order body with exits */
        PlaceOrderRequest: {
            market: string;
            /** @enum {string} */
            side: "buy" | "sell";
            /** @enum {string} */
            type: "market" | "limit" | "stop_market" | "stop_limit";
            /** @description Non-negative decimal string */
            size?: string;
            /** @description Non-negative decimal string */
            notional_usd?: string;
            /** @description Non-negative decimal string */
            limit_price?: string;
            /** @description Non-negative decimal string */
            stop_price?: string;
            /** @description Non-negative decimal string */
            worst_price?: string;
            /** @description Non-negative decimal string */
            max_slippage_pct?: string;
            reduce_only?: boolean;
            post_only?: boolean;
            /** @enum {string} */
            time_in_force?: "gtc" | "gtd" | "ioc" | "fok";
            /** @description Unix milliseconds, after now and at most max_expires_in_ms (GET /v1/limits) ahead */
            expires_at?: number;
            /** @description 1 to 64 letters, digits and . _ : - */
            client_order_id?: string;
            take_profit?: components["schemas"]["TakeProfit"];
            stop_loss?: components["schemas"]["StopLoss"];
            break_even?: components["schemas"]["BreakEven"];
        };
        TakeProfit: {
            /** @description Non-negative decimal string */
            price: string;
            /** @description Non-negative decimal string */
            limit_price?: string;
        };
        StopLoss: {
            /** @description Non-negative decimal string */
            price: string;
            trailing?: {
                /** @description Non-negative decimal string */
                distance: string;
            };
        };
        BreakEven: {
            /** @description Non-negative decimal string */
            trigger_price: string;
            offset_ticks: number;
        };
        /** @description An order */
        Order: {
            id: string;
            client_order_id: string | null;
            account_id: string;
            market: string;
            side: ("buy" | "sell") | null;
            /** @enum {string} */
            type: "market" | "limit" | "stop_market" | "stop_limit" | "take_market" | "take_limit";
            /** @enum {string} */
            status: "pending" | "working" | "filled" | "canceled" | "rejected" | "expired" | "unconfirmed";
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            size: string;
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            filled_size: string;
            limit_price: string | null;
            stop_price: string | null;
            worst_price: string | null;
            average_fill_price: string | null;
            fee: string | null;
            reduce_only: boolean | null;
            post_only: boolean;
            /** @enum {string} */
            time_in_force: "gtc" | "gtd" | "ioc" | "fok";
            expires_at: number | null;
            /** @enum {string} */
            origin: "api" | "platform" | "strategy" | "tradingview" | "system";
            exit_of_position: ("take_profit" | "stop_loss") | null;
            exits: components["schemas"]["Exit"][];
            cancel_reason: string | null;
            reject: {
                code: string;
                message: string;
            } | null;
            /** @description Unix milliseconds */
            created_at: number;
            filled_at: number | null;
            canceled_at: number | null;
            /** @description Unix milliseconds */
            updated_at: number;
        };
        Exit: {
            /** @enum {string} */
            kind: "take_profit" | "stop_loss" | "break_even";
            price: string | null;
            limit_price: string | null;
            trailing_distance: string | null;
            trigger_price: string | null;
            offset_ticks: number | null;
            order_id: string | null;
            /** @enum {string} */
            status: "pending" | "placed";
        };
        /** @description invalid_size_step (400): The size is not a whole number of size steps. */
        InvalidSizeStepError: {
            /** @enum {string} */
            type: "invalid_request";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "invalid_size_step";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                size_step?: string;
                nearest?: string[];
            } & {
                [key: string]: unknown;
            };
        };
        /** @description invalid_price_tick (400): The price is not a whole number of ticks. */
        InvalidPriceTickError: {
            /** @enum {string} */
            type: "invalid_request";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "invalid_price_tick";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                field?: string;
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                tick_size?: string;
                nearest?: string[];
            } & {
                [key: string]: unknown;
            };
        };
        /** @description account_not_ready (409): The account is not yet open on the engine. */
        AccountNotReadyError: {
            /** @enum {string} */
            type: "conflict";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "account_not_ready";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: true;
            /** Format: uri */
            doc_url: string;
            details?: {
                account_id?: string;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description client_order_id_conflict (409): The client_order_id is already used in this environment. */
        ClientOrderIdConflictError: {
            /** @enum {string} */
            type: "conflict";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "client_order_id_conflict";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                order_id?: string;
                client_order_id?: string;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description account_not_tradable (422): The account has passed, failed or is closed and cannot trade. */
        AccountNotTradableError: {
            /** @enum {string} */
            type: "rule_rejection";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "account_not_tradable";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                account_id?: string;
                status?: string;
                reason?: string;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description key_market_not_allowed (422): The key is limited to other markets. */
        KeyMarketNotAllowedError: {
            /** @enum {string} */
            type: "rule_rejection";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "key_market_not_allowed";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                markets?: string[];
            } & {
                [key: string]: unknown;
            };
        };
        /** @description price_out_of_band (422): The limit or stop price is outside the band around the last price. */
        PriceOutOfBandError: {
            /** @enum {string} */
            type: "rule_rejection";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "price_out_of_band";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                field?: string;
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                band_pct?: string;
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                min?: string;
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                max?: string;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description stop_already_triggered (422): A buy stop must be above the last price, a sell stop below. */
        StopAlreadyTriggeredError: {
            /** @enum {string} */
            type: "rule_rejection";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "stop_already_triggered";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                stop_price?: string;
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                last?: string;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description post_only_would_fill (422): The post-only limit is already through the market. */
        PostOnlyWouldFillError: {
            /** @enum {string} */
            type: "rule_rejection";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "post_only_would_fill";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                limit_price?: string;
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                last?: string;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description limit_inside_spread (422): The limit is through the last price and would fill beyond the limit. */
        LimitInsideSpreadError: {
            /** @enum {string} */
            type: "rule_rejection";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "limit_inside_spread";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                limit_price?: string;
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                best_price?: string;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description order_too_small (422): The order is below the minimum value. */
        OrderTooSmallError: {
            /** @enum {string} */
            type: "rule_rejection";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "order_too_small";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                min_notional_usd?: string;
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                notional_usd?: string;
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                size_step?: string;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description working_order_cap (422): Too many working orders on the account or the customer. */
        WorkingOrderCapError: {
            /** @enum {string} */
            type: "rule_rejection";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "working_order_cap";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                /** @enum {string} */
                scope?: "account" | "customer";
                limit?: number;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description key_reduce_only (422): The key may only place reduce-only orders. */
        KeyReduceOnlyError: {
            /** @enum {string} */
            type: "rule_rejection";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "key_reduce_only";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                [key: string]: unknown;
            };
        };
        /** @description key_max_order_notional (422): The order is over the key's largest order value. */
        KeyMaxOrderNotionalError: {
            /** @enum {string} */
            type: "rule_rejection";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "key_max_order_notional";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                max_order_usd?: string;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description key_max_position_notional (422): The resulting position is over the key's largest position value. */
        KeyMaxPositionNotionalError: {
            /** @enum {string} */
            type: "rule_rejection";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "key_max_position_notional";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                max_position_usd?: string;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description insufficient_margin (422): The order needs more margin than is available. */
        InsufficientMarginError: {
            /** @enum {string} */
            type: "rule_rejection";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "insufficient_margin";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                required?: string;
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                available?: string;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description exposure_cap_exceeded (422): The market's exposure cap across the customer's accounts of this product is reached. */
        ExposureCapExceededError: {
            /** @enum {string} */
            type: "rule_rejection";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "exposure_cap_exceeded";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                cap_usd?: string;
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                open_usd?: string;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description reduce_only_violation (422): A reduce-only order may only reduce or close the position. */
        ReduceOnlyViolationError: {
            /** @enum {string} */
            type: "rule_rejection";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "reduce_only_violation";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                position?: ("long" | "short") | null;
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                position_size?: string;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description slippage_exceeded (422): The best price is beyond the worst price allowed. */
        SlippageExceededError: {
            /** @enum {string} */
            type: "rule_rejection";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "slippage_exceeded";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                best_price?: string;
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                worst_price?: string;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description market_closed (422): The market does not trade now. */
        MarketClosedError: {
            /** @enum {string} */
            type: "rule_rejection";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "market_closed";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                market?: string;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description market_not_offered (422): The market is not offered for new positions. */
        MarketNotOfferedError: {
            /** @enum {string} */
            type: "rule_rejection";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "market_not_offered";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                market?: string;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description market_halted (422): Trading on the market is stopped for now. */
        MarketHaltedError: {
            /** @enum {string} */
            type: "rule_rejection";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "market_halted";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                market?: string;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description position_liquidating (422): The position is being liquidated and takes no new order. */
        PositionLiquidatingError: {
            /** @enum {string} */
            type: "rule_rejection";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "position_liquidating";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                market?: string;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description account_paused (422): A trading rule paused the account. */
        AccountPausedError: {
            /** @enum {string} */
            type: "rule_rejection";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "account_paused";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                until?: number | null;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description insufficient_balance (422): The balance does not cover it. */
        InsufficientBalanceError: {
            /** @enum {string} */
            type: "rule_rejection";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "insufficient_balance";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                balance?: string;
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                available?: string;
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                amount?: string;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description order_rejected (422): The engine refused the order. */
        OrderRejectedError: {
            /** @enum {string} */
            type: "rule_rejection";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "order_rejected";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                reason?: string;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description stale_quote (503): The latest price of the market is too old. */
        StaleQuoteError: {
            /** @enum {string} */
            type: "engine";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "stale_quote";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: true;
            /** Format: uri */
            doc_url: string;
            details?: {
                market?: string;
                /** @description Unix milliseconds */
                price_time?: number;
                stale_after_ms?: number;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description no_price (503): The market has no price yet. */
        NoPriceError: {
            /** @enum {string} */
            type: "engine";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "no_price";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: true;
            /** Format: uri */
            doc_url: string;
            details?: {
                market?: string;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description engine_unavailable (503): The engine did not answer. */
        EngineUnavailableError: {
            /** @enum {string} */
            type: "engine";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "engine_unavailable";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: true;
            /** Format: uri */
            doc_url: string;
            details?: {
                [key: string]: unknown;
            };
        };
        /** @description engine_busy (503): The engine is under load and took nothing. */
        EngineBusyError: {
            /** @enum {string} */
            type: "engine";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "engine_busy";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: true;
            /** Format: uri */
            doc_url: string;
            details?: {
                [key: string]: unknown;
            };
        };
        OrderPreview: {
            /** @enum {string} */
            outcome: "would_fill" | "would_rest" | "would_reject";
            reject: {
                code: string;
                message: string;
                details?: {
                    [key: string]: unknown;
                };
            } | null;
            market: string;
            /** @enum {string} */
            side: "buy" | "sell";
            /** @enum {string} */
            type: "market" | "limit" | "stop_market" | "stop_limit";
            size: string | null;
            price: {
                fills_immediately: boolean;
                price: string | null;
                worst_price: string | null;
            };
            value_usd: string | null;
            fee: string | null;
            margin: {
                /** @enum {string} */
                mode: "isolated" | "cross";
                leverage: number;
                required: string | null;
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                available: string;
                remaining: string | null;
            };
            position_after: {
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                size: string;
                /** @enum {string} */
                side: "long" | "short";
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                entry_price: string;
            } | null;
            exposure: {
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                cap_usd: string;
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                open_usd: string;
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                room_usd: string;
            };
            /** @description What the order would do to the account rule's daily loss and drawdown; null when the rule has neither or the order would be refused (docs/RULES.md) */
            rule_impact: {
                /** @description The account rule's limits the order would reach at once (its fee, and its price against the mark), and by how much */
                breaches: {
                    /** @enum {string} */
                    rule: "daily_loss" | "drawdown";
                    /**
                     * @description Decimal string, never a JSON number
                     * @example 60000.5
                     */
                    by_usd: string;
                }[];
                /** @description For the position after the order: the price of this market at which each limit would be reached (other positions as marked now); null when no price of it reaches it (flat, or reached already) */
                breach_prices: {
                    /** @enum {string} */
                    rule: "daily_loss" | "drawdown";
                    price: string | null;
                }[];
            } | null;
            /** @description The position after the order at its stop (the order's stop_loss, else the stop of the position it adds to): the price, what it would lose from the entry after the order, and the account rule's limit per trade (null without one). null when no stop would protect it (docs/RULES.md) */
            risk_at_stop: {
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                stop_price: string;
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                risk_usd: string;
                max_risk_usd: string | null;
            } | null;
        };
        CancelAllOrdersRequest: {
            market?: string;
        };
        CancelAllResult: {
            account_id: string;
            market: string | null;
            canceled_count: number;
        };
        ArmDeadManSwitchRequest: {
            /** @description 0 disarms; otherwise 1000 to 86400000 ms from now (1 to 999 is refused) */
            timeout_ms: number;
        };
        OrderList: {
            data: components["schemas"]["Order"][];
            next_cursor: string | null;
            has_more: boolean;
        };
        /** @description order_not_found (404): The order is not on this account. */
        OrderNotFoundError: {
            /** @enum {string} */
            type: "not_found";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "order_not_found";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                order_id?: string;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description order_not_working (409): The order is already filled, canceled or ended. */
        OrderNotWorkingError: {
            /** @enum {string} */
            type: "conflict";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "order_not_working";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                order_id?: string;
                status?: string;
            } & {
                [key: string]: unknown;
            };
        };
        EditOrderRequest: {
            /** @description Non-negative decimal string */
            size?: string;
            /** @description Non-negative decimal string */
            limit_price?: string;
            /** @description Non-negative decimal string */
            stop_price?: string;
            /** @description Unix milliseconds, after now and at most max_expires_in_ms (GET /v1/limits) ahead */
            expires_at?: number;
            exits?: {
                take_profit?: components["schemas"]["TakeProfit"] | null;
                stop_loss?: components["schemas"]["StopLoss"] | null;
                break_even?: components["schemas"]["BreakEven"] | null;
            } | null;
        };
        PositionList: {
            data: components["schemas"]["Position"][];
        };
        Position: {
            market: string;
            /** @enum {string} */
            side: "long" | "short";
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            size: string;
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            entry_price: string;
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            mark_price: string;
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            unrealized_pnl: string;
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            realized_pnl: string;
            leverage: number;
            /** @enum {string} */
            margin_mode: "isolated" | "cross";
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            margin: string;
            liquidation_price: string | null;
            liquidating: boolean;
            exits: {
                take_profit: {
                    order_id: string;
                    price: string | null;
                    limit_price: string | null;
                } | null;
                stop_loss: {
                    order_id: string;
                    price: string | null;
                    trailing_distance: string | null;
                } | null;
                break_even: {
                    /**
                     * @description Decimal string, never a JSON number
                     * @example 60000.5
                     */
                    trigger_price: string;
                    offset_ticks: number;
                    done: boolean;
                } | null;
            };
            /** @description Unix milliseconds */
            opened_at: number;
            /** @description Unix milliseconds */
            updated_at: number;
        };
        CloseAllPositionsRequest: Record<string, never>;
        CloseAllPositionsResponse: {
            account_id: string;
            /** @description markets closed */
            closed: string[];
            failed: {
                market: string;
                code: string;
            }[];
        };
        /** @description position_not_found (404): Nothing is held on that market. */
        PositionNotFoundError: {
            /** @enum {string} */
            type: "not_found";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "position_not_found";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                market?: string;
            } & {
                [key: string]: unknown;
            };
        };
        PositionExitsRequest: {
            take_profit: components["schemas"]["TakeProfit"] | null;
            stop_loss: components["schemas"]["StopLoss"] | null;
            break_even: components["schemas"]["BreakEven"] | null;
        };
        AdjustPositionMarginRequest: {
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            amount: string;
        };
        /** @description position_not_isolated (409): Only an isolated position has its own margin to change. */
        PositionNotIsolatedError: {
            /** @enum {string} */
            type: "conflict";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "position_not_isolated";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                market?: string;
                margin_mode?: string;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description liquidation_risk (422): The change would move the liquidation price beyond the market. */
        LiquidationRiskError: {
            /** @enum {string} */
            type: "rule_rejection";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "liquidation_risk";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                market?: string;
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                liquidation_price?: string;
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                last?: string;
            } & {
                [key: string]: unknown;
            };
        };
        FillList: {
            data: components["schemas"]["Fill"][];
            next_cursor: string | null;
            has_more: boolean;
        };
        Fill: {
            id: string;
            order_id: string;
            account_id: string;
            market: string;
            /** @enum {string} */
            side: "buy" | "sell";
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            size: string;
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            price: string;
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            fee: string;
            liquidation: boolean;
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            realized_pnl: string;
            /** @description Unix milliseconds */
            filled_at: number;
        };
        /** @description Equity curve: one point per closed trade or trading day, oldest first; the first point is the opening balance */
        EquityCurve: {
            /** @enum {string} */
            resolution: "trade" | "day";
            points: components["schemas"]["EquityPoint"][];
        };
        EquityPoint: {
            /** @description Unix milliseconds */
            time: number;
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            equity: string;
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            balance: string;
        };
        MarginSettingList: {
            data: components["schemas"]["MarginSetting"][];
        };
        MarginSetting: {
            market: string;
            leverage: number;
            /** @enum {string} */
            margin_mode: "isolated" | "cross";
            max_leverage: number;
            /** @enum {string} */
            leverage_source: "position" | "saved" | "default";
            locked: boolean;
        };
        SetMarginSettingRequest: {
            leverage?: number;
            /** @enum {string} */
            margin_mode?: "isolated" | "cross";
        };
        /** @description invalid_leverage (400): Leverage must be a whole number from 1 to the market's max_leverage. */
        InvalidLeverageError: {
            /** @enum {string} */
            type: "invalid_request";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "invalid_leverage";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                min?: number;
                max?: number;
                leverage?: number;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description margin_mode_locked (409): A position or working order is open on the market; the margin mode cannot change now. */
        MarginModeLockedError: {
            /** @enum {string} */
            type: "conflict";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "margin_mode_locked";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                market?: string;
                margin_mode?: string;
            } & {
                [key: string]: unknown;
            };
        };
        EventList: {
            data: components["schemas"]["Event"][];
            next_cursor: string | null;
            has_more: boolean;
        };
        /** @description What happened on an account */
        Event: components["schemas"]["OrderEvent"] | components["schemas"]["FillEvent"] | components["schemas"]["PositionEvent"] | components["schemas"]["EngineRestartedEvent"] | components["schemas"]["RuleBreachEvent"] | components["schemas"]["RuleVersionEvent"] | components["schemas"]["SignalAlertEvent"];
        /** @description order.*: the order exactly as REST gives it */
        OrderEvent: {
            /** @description An event id (evt_live_… / evt_test_…), opaque and strictly increasing along a customer’s events in an environment */
            id: string;
            account_id: string;
            /** @description Unix milliseconds */
            created_at: number;
            /** @enum {string} */
            source: "api" | "platform" | "engine";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "order.created" | "order.edited" | "order.filled" | "order.canceled" | "order.expired" | "order.rejected";
            data: components["schemas"]["Order"];
            /** @description order.edited: {field: {from, to}} */
            changes?: {
                [key: string]: {
                    from: unknown;
                    to: unknown;
                };
            };
        };
        /** @description fill.created: the fill exactly as REST gives it */
        FillEvent: {
            /** @description An event id (evt_live_… / evt_test_…), opaque and strictly increasing along a customer’s events in an environment */
            id: string;
            account_id: string;
            /** @description Unix milliseconds */
            created_at: number;
            /** @enum {string} */
            source: "api" | "platform" | "engine";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "fill.created";
            data: components["schemas"]["Fill"];
        };
        /** @description position.*: the position exactly as REST gives it (position.closed: as it was when it closed) */
        PositionEvent: {
            /** @description An event id (evt_live_… / evt_test_…), opaque and strictly increasing along a customer’s events in an environment */
            id: string;
            account_id: string;
            /** @description Unix milliseconds */
            created_at: number;
            /** @enum {string} */
            source: "api" | "platform" | "engine";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "position.opened" | "position.changed" | "position.closed";
            data: components["schemas"]["Position"];
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            previous_size?: string;
            close_reason?: string;
        };
        /** @description engine.restarted: what an engine restart did on the account */
        EngineRestartedEvent: {
            /** @description An event id (evt_live_… / evt_test_…), opaque and strictly increasing along a customer’s events in an environment */
            id: string;
            account_id: string;
            /** @description Unix milliseconds */
            created_at: number;
            /** @enum {string} */
            source: "api" | "platform" | "engine";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "engine.restarted";
            data: components["schemas"]["EngineRestarted"];
        };
        /** @description engine.restarted: what the restart did on the account */
        EngineRestarted: {
            /** @enum {string} */
            environment: "live" | "sandbox";
            canceled_orders: number;
            closed_positions: number;
        };
        /** @description account.rule_breach: a soft limit of the account rule (docs/RULES.md "Soft breaches") */
        RuleBreachEvent: {
            /** @description An event id (evt_live_… / evt_test_…), opaque and strictly increasing along a customer’s events in an environment */
            id: string;
            account_id: string;
            /** @description Unix milliseconds */
            created_at: number;
            /** @enum {string} */
            source: "api" | "platform" | "engine";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "account.rule_breach";
            data: components["schemas"]["RuleBreach"];
        };
        /** @description account.rule_breach: a soft limit reached (opened), back within it in time (cured), or still past it when the window ended (acted: the rule's action follows). daily_loss: limit and the loss; drawdown: the floor and equity */
        RuleBreach: {
            /** @enum {string} */
            rule: "daily_loss" | "drawdown";
            /** @enum {string} */
            status: "opened" | "cured" | "acted";
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            limit: string;
            /**
             * @description Decimal string, never a JSON number
             * @example 60000.5
             */
            value: string;
            /** @description Unix milliseconds */
            since: number;
            /** @description Unix milliseconds */
            correct_by: number;
            breaches_used: number;
            max_breaches: number;
        };
        /** @description account.rule_version: the account moved to another rulebook version (docs/RULES.md "Rulebook versions") */
        RuleVersionEvent: {
            /** @description An event id (evt_live_… / evt_test_…), opaque and strictly increasing along a customer’s events in an environment */
            id: string;
            account_id: string;
            /** @description Unix milliseconds */
            created_at: number;
            /** @enum {string} */
            source: "api" | "platform" | "engine";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "account.rule_version";
            data: components["schemas"]["RuleVersionChange"];
        };
        /** @description account.rule_version: the operator moved the account to another version of its product's rulebook (GET /v1/accounts/{id} shows the rule now in force) */
        RuleVersionChange: {
            product: string;
            from_version: number;
            to_version: number;
        };
        /** @description signal.alert: an alert of one of your signals and what it did on the account (docs/SIGNALS.md) */
        SignalAlertEvent: {
            /** @description An event id (evt_live_… / evt_test_…), opaque and strictly increasing along a customer’s events in an environment */
            id: string;
            account_id: string;
            /** @description Unix milliseconds */
            created_at: number;
            /** @enum {string} */
            source: "api" | "platform" | "engine";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "signal.alert";
            data: components["schemas"]["SignalAlertResult"];
        };
        /** @description signal.alert: what an alert of a signal did on the account: an order placed (order_id), a refusal (code and message as the API would answer them), orders canceled, or nothing to do (docs/SIGNALS.md) */
        SignalAlertResult: {
            signal_id: string;
            alert_id: string;
            /** @enum {string} */
            action: "buy" | "sell" | "exit" | "cancel";
            market: string | null;
            /** @enum {string} */
            outcome: "placed" | "refused" | "canceled" | "nothing";
            order_id: string | null;
            code: string | null;
            message: string | null;
        };
        WebhookRequest: {
            /** @description http(s) URL; in live not a private or loopback address */
            url: string;
            /** @description Only these event types (default: all) */
            types?: ("order.created" | "order.edited" | "order.filled" | "order.canceled" | "order.expired" | "order.rejected" | "fill.created" | "position.opened" | "position.changed" | "position.closed" | "engine.restarted" | "account.rule_breach" | "account.rule_version" | "signal.alert")[];
            /** @description Only this account (default: every account of the customer in this environment) */
            account_id?: string;
        };
        /** @description A webhook endpoint with its signing secret */
        WebhookWithSecret: {
            id: string;
            url: string;
            types: ("order.created" | "order.edited" | "order.filled" | "order.canceled" | "order.expired" | "order.rejected" | "fill.created" | "position.opened" | "position.changed" | "position.closed" | "engine.restarted" | "account.rule_breach" | "account.rule_version" | "signal.alert")[] | null;
            account_id: string | null;
            /** @enum {string} */
            environment: "live" | "sandbox";
            /** @description Unix milliseconds */
            created_at: number;
            /** @description whsec_…: the signing secret, shown only in this answer */
            secret: string;
        };
        WebhookList: {
            data: components["schemas"]["Webhook"][];
            next_cursor: string | null;
            has_more: boolean;
        };
        /** @description A webhook endpoint */
        Webhook: {
            id: string;
            url: string;
            types: ("order.created" | "order.edited" | "order.filled" | "order.canceled" | "order.expired" | "order.rejected" | "fill.created" | "position.opened" | "position.changed" | "position.closed" | "engine.restarted" | "account.rule_breach" | "account.rule_version" | "signal.alert")[] | null;
            account_id: string | null;
            /** @enum {string} */
            environment: "live" | "sandbox";
            /** @description Unix milliseconds */
            created_at: number;
        };
        DeleteWebhookResponse: {
            id: string;
            /** @constant */
            deleted: true;
        };
        /** @description webhook_not_found (404): No such webhook endpoint for this customer. */
        WebhookNotFoundError: {
            /** @enum {string} */
            type: "not_found";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "webhook_not_found";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                webhook_id?: string;
            } & {
                [key: string]: unknown;
            };
        };
        WebhookDeliveryList: {
            data: components["schemas"]["WebhookDelivery"][];
            next_cursor: string | null;
            has_more: boolean;
        };
        /** @description One event sent to one endpoint, with every attempt */
        WebhookDelivery: {
            id: string;
            webhook_id: string;
            event_id: string;
            /** @enum {string} */
            event_type: "order.created" | "order.edited" | "order.filled" | "order.canceled" | "order.expired" | "order.rejected" | "fill.created" | "position.opened" | "position.changed" | "position.closed" | "engine.restarted" | "account.rule_breach" | "account.rule_version" | "signal.alert";
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed";
            attempt_count: number;
            next_attempt_at: number | null;
            /** @description Unix milliseconds */
            created_at: number;
            finished_at: number | null;
            attempts: {
                number: number;
                /** @description Unix milliseconds */
                at: number;
                status_code: number | null;
                /** @description Why the attempt failed, as a class: connection_failed, timeout, private_address (the target is, or its name resolved to, a private or loopback address: not connected to), signing_failed, or http_<status> (a non-2xx answer; redirects are not followed). null when it succeeded. */
                error: string | null;
                duration_ms: number;
            }[];
        };
        SignalRequest: {
            name: string;
            /** @description The accounts each alert places an order on (each once) */
            accounts: {
                account_id: string;
                /** @description Non-negative decimal string */
                multiplier?: string;
            }[];
            /** @description Only these markets (default: every market) */
            markets?: string[];
            /** @description Non-negative decimal string */
            max_order_usd?: string;
            /** @description Alerts may only reduce positions (exits and cancels still work) */
            reduce_only?: boolean;
            /** @description Refuse an alert's order on an account when it would open against a position you hold in the same market on another of your accounts in this environment */
            no_hedging?: boolean;
            /** @description Unix milliseconds, after now and at most max_expires_in_ms (GET /v1/limits) ahead */
            expires_at?: number;
            /** @description Live only: the newest live_signal code emailed to you (the dashboard sends it) */
            email_code?: string;
        };
        /** @description An alert URL and its fences (docs/SIGNALS.md) */
        Signal: {
            id: string;
            /** @enum {string} */
            object: "signal";
            /** @enum {string} */
            environment: "live" | "sandbox";
            name: string;
            url: string | null;
            /** @description The alert URL's last four characters, to tell signals apart */
            url_hint: string;
            accounts: {
                account_id: string;
                /**
                 * @description Decimal string, never a JSON number
                 * @example 60000.5
                 */
                multiplier: string;
            }[];
            markets: string[] | null;
            max_order_usd: string | null;
            reduce_only: boolean;
            no_hedging: boolean;
            expires_at: number | null;
            /** @description Unix milliseconds */
            created_at: number;
            revoked_at: number | null;
            /** @description A TradingView alert message for a strategy, ready to paste (docs/SIGNALS.md) */
            tradingview_message: string;
        };
        /** @description email_code_required (422): This needs the one-time code sent by email (POST /session/email-codes). */
        EmailCodeRequiredError: {
            /** @enum {string} */
            type: "rule_rejection";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "email_code_required";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                [key: string]: unknown;
            };
        };
        /** @description invalid_email_code (422): The emailed code or link is wrong, expired, or used. */
        InvalidEmailCodeError: {
            /** @enum {string} */
            type: "rule_rejection";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "invalid_email_code";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                [key: string]: unknown;
            };
        };
        SignalList: {
            data: components["schemas"]["Signal"][];
            next_cursor: string | null;
            has_more: boolean;
        };
        /** @description signal_not_found (404): No such signal (or it was revoked): check the URL, or make a new signal. */
        SignalNotFoundError: {
            /** @enum {string} */
            type: "not_found";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "signal_not_found";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                signal_id?: string;
            } & {
                [key: string]: unknown;
            };
        };
        AlertList: {
            data: components["schemas"]["Alert"][];
            next_cursor: string | null;
            has_more: boolean;
        };
        /** @description An alert a signal received and what it did (docs/SIGNALS.md) */
        Alert: {
            id: string;
            /** @enum {string} */
            object: "alert";
            signal_id: string;
            /** @description Unix milliseconds */
            received_at: number;
            /** @enum {string} */
            status: "pending" | "done" | "refused";
            duplicate_of: string | null;
            /** @description The alert as read, or (status refused) the error that refused it */
            request: {
                [key: string]: unknown;
            };
            results: {
                account_id: string;
                /** @enum {string} */
                outcome: "placed" | "refused" | "canceled" | "nothing";
                order_id: string | null;
                code: string | null;
                message: string | null;
            }[] | null;
            finished_at: number | null;
        };
        /** @description The alert message: JSON (application/json) or text (text/plain), at most 8 KiB */
        ReceiveAlertRequest: string;
        /** @description An alert taken: the work follows (GET /v1/signals/{id}/deliveries shows it) */
        AlertAccepted: {
            alert_id: string;
            /** @enum {string} */
            status: "pending" | "done" | "refused";
            /** @description true: the alert repeats one received within the window; nothing new is done */
            duplicate: boolean;
            results: {
                account_id: string;
                /** @enum {string} */
                outcome: "placed" | "refused" | "canceled" | "nothing";
                order_id: string | null;
                code: string | null;
                message: string | null;
            }[] | null;
        };
        /** @description signal_expired (403): The signal passed its end date: make a new one. */
        SignalExpiredError: {
            /** @enum {string} */
            type: "permission";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "signal_expired";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                signal_id?: string;
                expired_at?: number;
            } & {
                [key: string]: unknown;
            };
        };
        /** @description method_not_allowed (405): The path exists with other methods. */
        MethodNotAllowedError: {
            /** @enum {string} */
            type: "invalid_request";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            code: "method_not_allowed";
            message: string;
            request_id: string;
            /** @enum {boolean} */
            retryable: false;
            /** Format: uri */
            doc_url: string;
            details?: {
                allow?: string[];
            } & {
                [key: string]: unknown;
            };
        };
    };
    responses: {
        /** @description The path exists with other methods (method_not_allowed); `Allow` lists them. */
        MethodNotAllowed: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                Allow: components["headers"]["Allow"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"] & {
                    error: components["schemas"]["MethodNotAllowedError"];
                };
            };
        };
    };
    parameters: {
        /** @description 1 to 128 printable ASCII characters, unique per intended call; a retry with the same key and request answers the first result (kept 24 h). */
        IdempotencyKey: string;
        /** @description The id of the last event received: the stream continues after it (EventSource sends it on reconnect; it wins over `resume`). */
        LastEventId: string;
    };
    requestBodies: never;
    headers: {
        /** @description The id of this request (req_…), the same as error.request_id: quote it to support. */
        XRequestId: string;
        /** @description The size of the tightest request budget this request spent (sent when rate limits are on). */
        RateLimitLimit: number;
        /** @description Requests left in that budget. */
        RateLimitRemaining: number;
        /** @description Seconds until that budget is full again. */
        RateLimitReset: number;
        /** @description Seconds to wait before retrying; sent with every retryable error (error.retryable true). */
        RetryAfter: number;
        /** @description true when the answer is the replay of an earlier request with the same Idempotency-Key. */
        IdempotentReplayed: "true";
        /** @description Where the resource can be read (GET), e.g. the order of a 202 unconfirmed. */
        Location: string;
        /** @description The methods the path takes (405). */
        Allow: string;
        /** @description The Bearer challenge of a refused credential (401): realm "rampart", error="invalid_token" unless no credential was sent, and resource_metadata, the URL of this host's protected-resource metadata (RFC 9728), which names the authorization server. */
        WWWAuthenticate: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getOpenApi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OpenAPI 3.1 document */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetOpenApiResponse"];
                };
            };
            /** @description Error codes: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InvalidRequestError"];
                    };
                };
            };
            /** @description Error codes: uri_too_long */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UriTooLongError"];
                    };
                };
            };
            /** @description Error codes: rate_limited */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["RateLimitedError"];
                    };
                };
            };
            /** @description Error codes: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InternalError"];
                    };
                };
            };
            /** @description Error codes: not_ready, capacity */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["NotReadyError"] | components["schemas"]["CapacityError"];
                    };
                };
            };
        };
    };
    getStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Status"];
                };
            };
            /** @description Error codes: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InvalidRequestError"];
                    };
                };
            };
            /** @description Error codes: missing_api_key, invalid_api_key, revoked_api_key, expired_api_key, wrong_environment, invalid_token, expired_token, revoked_token, wrong_resource */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["MissingApiKeyError"] | components["schemas"]["InvalidApiKeyError"] | components["schemas"]["RevokedApiKeyError"] | components["schemas"]["ExpiredApiKeyError"] | components["schemas"]["WrongEnvironmentError"] | components["schemas"]["InvalidTokenError"] | components["schemas"]["ExpiredTokenError"] | components["schemas"]["RevokedTokenError"] | components["schemas"]["WrongResourceError"];
                    };
                };
            };
            /** @description Error codes: ip_not_allowed, api_disabled */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IpNotAllowedError"] | components["schemas"]["ApiDisabledError"];
                    };
                };
            };
            /** @description Error codes: uri_too_long */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UriTooLongError"];
                    };
                };
            };
            /** @description Error codes: rate_limited */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["RateLimitedError"];
                    };
                };
            };
            /** @description Error codes: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InternalError"];
                    };
                };
            };
            /** @description Error codes: not_ready, capacity */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["NotReadyError"] | components["schemas"]["CapacityError"];
                    };
                };
            };
        };
    };
    getLimits: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Limits"];
                };
            };
            /** @description Error codes: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InvalidRequestError"];
                    };
                };
            };
            /** @description Error codes: missing_api_key, invalid_api_key, revoked_api_key, expired_api_key, wrong_environment, invalid_token, expired_token, revoked_token, wrong_resource */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["MissingApiKeyError"] | components["schemas"]["InvalidApiKeyError"] | components["schemas"]["RevokedApiKeyError"] | components["schemas"]["ExpiredApiKeyError"] | components["schemas"]["WrongEnvironmentError"] | components["schemas"]["InvalidTokenError"] | components["schemas"]["ExpiredTokenError"] | components["schemas"]["RevokedTokenError"] | components["schemas"]["WrongResourceError"];
                    };
                };
            };
            /** @description Error codes: ip_not_allowed, api_disabled */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IpNotAllowedError"] | components["schemas"]["ApiDisabledError"];
                    };
                };
            };
            /** @description Error codes: uri_too_long */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UriTooLongError"];
                    };
                };
            };
            /** @description Error codes: rate_limited */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["RateLimitedError"];
                    };
                };
            };
            /** @description Error codes: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InternalError"];
                    };
                };
            };
            /** @description Error codes: not_ready, capacity, environment_disabled */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["NotReadyError"] | components["schemas"]["CapacityError"] | components["schemas"]["EnvironmentDisabledError"];
                    };
                };
            };
        };
    };
    listMarkets: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MarketList"];
                };
            };
            /** @description Error codes: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InvalidRequestError"];
                    };
                };
            };
            /** @description Error codes: missing_api_key, invalid_api_key, revoked_api_key, expired_api_key, wrong_environment, invalid_token, expired_token, revoked_token, wrong_resource */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["MissingApiKeyError"] | components["schemas"]["InvalidApiKeyError"] | components["schemas"]["RevokedApiKeyError"] | components["schemas"]["ExpiredApiKeyError"] | components["schemas"]["WrongEnvironmentError"] | components["schemas"]["InvalidTokenError"] | components["schemas"]["ExpiredTokenError"] | components["schemas"]["RevokedTokenError"] | components["schemas"]["WrongResourceError"];
                    };
                };
            };
            /** @description Error codes: ip_not_allowed, api_disabled */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IpNotAllowedError"] | components["schemas"]["ApiDisabledError"];
                    };
                };
            };
            /** @description Error codes: uri_too_long */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UriTooLongError"];
                    };
                };
            };
            /** @description Error codes: rate_limited */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["RateLimitedError"];
                    };
                };
            };
            /** @description Error codes: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InternalError"];
                    };
                };
            };
            /** @description Error codes: not_ready, capacity, environment_disabled */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["NotReadyError"] | components["schemas"]["CapacityError"] | components["schemas"]["EnvironmentDisabledError"];
                    };
                };
            };
        };
    };
    getMarket: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                market: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A perpetual market with its current quote */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Market"];
                };
            };
            /** @description Error codes: invalid_request, invalid_parameter */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InvalidRequestError"] | components["schemas"]["InvalidParameterError"];
                    };
                };
            };
            /** @description Error codes: missing_api_key, invalid_api_key, revoked_api_key, expired_api_key, wrong_environment, invalid_token, expired_token, revoked_token, wrong_resource */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["MissingApiKeyError"] | components["schemas"]["InvalidApiKeyError"] | components["schemas"]["RevokedApiKeyError"] | components["schemas"]["ExpiredApiKeyError"] | components["schemas"]["WrongEnvironmentError"] | components["schemas"]["InvalidTokenError"] | components["schemas"]["ExpiredTokenError"] | components["schemas"]["RevokedTokenError"] | components["schemas"]["WrongResourceError"];
                    };
                };
            };
            /** @description Error codes: ip_not_allowed, api_disabled */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IpNotAllowedError"] | components["schemas"]["ApiDisabledError"];
                    };
                };
            };
            /** @description Error codes: market_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["MarketNotFoundError"];
                    };
                };
            };
            /** @description Error codes: uri_too_long */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UriTooLongError"];
                    };
                };
            };
            /** @description Error codes: rate_limited */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["RateLimitedError"];
                    };
                };
            };
            /** @description Error codes: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InternalError"];
                    };
                };
            };
            /** @description Error codes: not_ready, capacity, environment_disabled */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["NotReadyError"] | components["schemas"]["CapacityError"] | components["schemas"]["EnvironmentDisabledError"];
                    };
                };
            };
        };
    };
    listProducts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProductList"];
                };
            };
            /** @description Error codes: invalid_request */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InvalidRequestError"];
                    };
                };
            };
            /** @description Error codes: missing_api_key, invalid_api_key, revoked_api_key, expired_api_key, wrong_environment, invalid_token, expired_token, revoked_token, wrong_resource */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["MissingApiKeyError"] | components["schemas"]["InvalidApiKeyError"] | components["schemas"]["RevokedApiKeyError"] | components["schemas"]["ExpiredApiKeyError"] | components["schemas"]["WrongEnvironmentError"] | components["schemas"]["InvalidTokenError"] | components["schemas"]["ExpiredTokenError"] | components["schemas"]["RevokedTokenError"] | components["schemas"]["WrongResourceError"];
                    };
                };
            };
            /** @description Error codes: ip_not_allowed, api_disabled */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IpNotAllowedError"] | components["schemas"]["ApiDisabledError"];
                    };
                };
            };
            /** @description Error codes: uri_too_long */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UriTooLongError"];
                    };
                };
            };
            /** @description Error codes: rate_limited */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["RateLimitedError"];
                    };
                };
            };
            /** @description Error codes: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InternalError"];
                    };
                };
            };
            /** @description Error codes: not_ready, capacity, environment_disabled */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["NotReadyError"] | components["schemas"]["CapacityError"] | components["schemas"]["EnvironmentDisabledError"];
                    };
                };
            };
        };
    };
    listAccounts: {
        parameters: {
            query?: {
                limit?: number;
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountList"];
                };
            };
            /** @description Error codes: invalid_request, unknown_field, invalid_parameter, invalid_cursor */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InvalidRequestError"] | components["schemas"]["UnknownFieldError"] | components["schemas"]["InvalidParameterError"] | components["schemas"]["InvalidCursorError"];
                    };
                };
            };
            /** @description Error codes: missing_api_key, invalid_api_key, revoked_api_key, expired_api_key, wrong_environment, invalid_token, expired_token, revoked_token, wrong_resource */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["MissingApiKeyError"] | components["schemas"]["InvalidApiKeyError"] | components["schemas"]["RevokedApiKeyError"] | components["schemas"]["ExpiredApiKeyError"] | components["schemas"]["WrongEnvironmentError"] | components["schemas"]["InvalidTokenError"] | components["schemas"]["ExpiredTokenError"] | components["schemas"]["RevokedTokenError"] | components["schemas"]["WrongResourceError"];
                    };
                };
            };
            /** @description Error codes: ip_not_allowed, api_disabled */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IpNotAllowedError"] | components["schemas"]["ApiDisabledError"];
                    };
                };
            };
            /** @description Error codes: uri_too_long */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UriTooLongError"];
                    };
                };
            };
            /** @description Error codes: rate_limited */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["RateLimitedError"];
                    };
                };
            };
            /** @description Error codes: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InternalError"];
                    };
                };
            };
            /** @description Error codes: not_ready, capacity, environment_disabled, temporarily_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["NotReadyError"] | components["schemas"]["CapacityError"] | components["schemas"]["EnvironmentDisabledError"] | components["schemas"]["TemporarilyUnavailableError"];
                    };
                };
            };
        };
    };
    openAccount: {
        parameters: {
            query?: never;
            header: {
                /** @description 1 to 128 printable ASCII characters, unique per intended call; a retry with the same key and request answers the first result (kept 24 h). */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description Optional: no body is the same as {}. */
        requestBody?: {
            content: {
                "application/json": components["schemas"]["OpenAccountRequest"];
            };
        };
        responses: {
            /** @description A trading account */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description Error codes: invalid_request, invalid_json, unknown_field, idempotency_key_required, invalid_idempotency_key */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InvalidRequestError"] | components["schemas"]["InvalidJsonError"] | components["schemas"]["UnknownFieldError"] | components["schemas"]["IdempotencyKeyRequiredError"] | components["schemas"]["InvalidIdempotencyKeyError"];
                    };
                };
            };
            /** @description Error codes: missing_api_key, invalid_api_key, revoked_api_key, expired_api_key, wrong_environment, invalid_token, expired_token, revoked_token, wrong_resource */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["MissingApiKeyError"] | components["schemas"]["InvalidApiKeyError"] | components["schemas"]["RevokedApiKeyError"] | components["schemas"]["ExpiredApiKeyError"] | components["schemas"]["WrongEnvironmentError"] | components["schemas"]["InvalidTokenError"] | components["schemas"]["ExpiredTokenError"] | components["schemas"]["RevokedTokenError"] | components["schemas"]["WrongResourceError"];
                    };
                };
            };
            /** @description Error codes: ip_not_allowed, api_disabled, insufficient_permission */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IpNotAllowedError"] | components["schemas"]["ApiDisabledError"] | components["schemas"]["InsufficientPermissionError"];
                    };
                };
            };
            /** @description Error codes: operation_in_progress, sandbox_limit_reached, sandbox_opening */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["OperationInProgressError"] | components["schemas"]["SandboxLimitReachedError"] | components["schemas"]["SandboxOpeningError"];
                    };
                };
            };
            /** @description Error codes: payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["PayloadTooLargeError"];
                    };
                };
            };
            /** @description Error codes: uri_too_long */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UriTooLongError"];
                    };
                };
            };
            /** @description Error codes: unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UnsupportedMediaTypeError"];
                    };
                };
            };
            /** @description Error codes: idempotency_key_reused */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IdempotencyKeyReusedError"];
                    };
                };
            };
            /** @description Error codes: rate_limited */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["RateLimitedError"];
                    };
                };
            };
            /** @description Error codes: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InternalError"];
                    };
                };
            };
            /** @description Error codes: not_ready, capacity, environment_disabled, temporarily_unavailable, sandbox_disabled, state_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["NotReadyError"] | components["schemas"]["CapacityError"] | components["schemas"]["EnvironmentDisabledError"] | components["schemas"]["TemporarilyUnavailableError"] | components["schemas"]["SandboxDisabledError"] | components["schemas"]["StateUnavailableError"];
                    };
                };
            };
        };
    };
    getAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                account_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A trading account */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description Error codes: invalid_request, invalid_parameter */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InvalidRequestError"] | components["schemas"]["InvalidParameterError"];
                    };
                };
            };
            /** @description Error codes: missing_api_key, invalid_api_key, revoked_api_key, expired_api_key, wrong_environment, invalid_token, expired_token, revoked_token, wrong_resource */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["MissingApiKeyError"] | components["schemas"]["InvalidApiKeyError"] | components["schemas"]["RevokedApiKeyError"] | components["schemas"]["ExpiredApiKeyError"] | components["schemas"]["WrongEnvironmentError"] | components["schemas"]["InvalidTokenError"] | components["schemas"]["ExpiredTokenError"] | components["schemas"]["RevokedTokenError"] | components["schemas"]["WrongResourceError"];
                    };
                };
            };
            /** @description Error codes: ip_not_allowed, api_disabled */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IpNotAllowedError"] | components["schemas"]["ApiDisabledError"];
                    };
                };
            };
            /** @description Error codes: account_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["AccountNotFoundError"];
                    };
                };
            };
            /** @description Error codes: uri_too_long */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UriTooLongError"];
                    };
                };
            };
            /** @description Error codes: rate_limited */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["RateLimitedError"];
                    };
                };
            };
            /** @description Error codes: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InternalError"];
                    };
                };
            };
            /** @description Error codes: not_ready, capacity, environment_disabled, temporarily_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["NotReadyError"] | components["schemas"]["CapacityError"] | components["schemas"]["EnvironmentDisabledError"] | components["schemas"]["TemporarilyUnavailableError"];
                    };
                };
            };
        };
    };
    listOrders: {
        parameters: {
            query?: {
                limit?: number;
                after?: string;
                status?: "pending" | "working" | "filled" | "canceled" | "rejected" | "expired" | "unconfirmed" | "open";
                market?: string;
                /** @description 1 to 64 letters, digits and . _ : - */
                client_order_id?: string;
            };
            header?: never;
            path: {
                account_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderList"];
                };
            };
            /** @description Error codes: invalid_request, unknown_field, invalid_parameter, invalid_cursor */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InvalidRequestError"] | components["schemas"]["UnknownFieldError"] | components["schemas"]["InvalidParameterError"] | components["schemas"]["InvalidCursorError"];
                    };
                };
            };
            /** @description Error codes: missing_api_key, invalid_api_key, revoked_api_key, expired_api_key, wrong_environment, invalid_token, expired_token, revoked_token, wrong_resource */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["MissingApiKeyError"] | components["schemas"]["InvalidApiKeyError"] | components["schemas"]["RevokedApiKeyError"] | components["schemas"]["ExpiredApiKeyError"] | components["schemas"]["WrongEnvironmentError"] | components["schemas"]["InvalidTokenError"] | components["schemas"]["ExpiredTokenError"] | components["schemas"]["RevokedTokenError"] | components["schemas"]["WrongResourceError"];
                    };
                };
            };
            /** @description Error codes: ip_not_allowed, api_disabled */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IpNotAllowedError"] | components["schemas"]["ApiDisabledError"];
                    };
                };
            };
            /** @description Error codes: account_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["AccountNotFoundError"];
                    };
                };
            };
            /** @description Error codes: uri_too_long */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UriTooLongError"];
                    };
                };
            };
            /** @description Error codes: rate_limited */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["RateLimitedError"];
                    };
                };
            };
            /** @description Error codes: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InternalError"];
                    };
                };
            };
            /** @description Error codes: not_ready, capacity, environment_disabled, temporarily_unavailable, state_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["NotReadyError"] | components["schemas"]["CapacityError"] | components["schemas"]["EnvironmentDisabledError"] | components["schemas"]["TemporarilyUnavailableError"] | components["schemas"]["StateUnavailableError"];
                    };
                };
            };
        };
    };
    placeOrder: {
        parameters: {
            query?: never;
            header: {
                /** @description 1 to 128 printable ASCII characters, unique per intended call; a retry with the same key and request answers the first result (kept 24 h). */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path: {
                account_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PlaceOrderRequest"];
            };
        };
        responses: {
            /** @description An order */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description An order */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    Location: components["headers"]["Location"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Error codes: invalid_request, invalid_json, unknown_field, invalid_parameter, idempotency_key_required, invalid_idempotency_key, invalid_size_step, invalid_price_tick */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InvalidRequestError"] | components["schemas"]["InvalidJsonError"] | components["schemas"]["UnknownFieldError"] | components["schemas"]["InvalidParameterError"] | components["schemas"]["IdempotencyKeyRequiredError"] | components["schemas"]["InvalidIdempotencyKeyError"] | components["schemas"]["InvalidSizeStepError"] | components["schemas"]["InvalidPriceTickError"];
                    };
                };
            };
            /** @description Error codes: missing_api_key, invalid_api_key, revoked_api_key, expired_api_key, wrong_environment, invalid_token, expired_token, revoked_token, wrong_resource */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["MissingApiKeyError"] | components["schemas"]["InvalidApiKeyError"] | components["schemas"]["RevokedApiKeyError"] | components["schemas"]["ExpiredApiKeyError"] | components["schemas"]["WrongEnvironmentError"] | components["schemas"]["InvalidTokenError"] | components["schemas"]["ExpiredTokenError"] | components["schemas"]["RevokedTokenError"] | components["schemas"]["WrongResourceError"];
                    };
                };
            };
            /** @description Error codes: ip_not_allowed, api_disabled, insufficient_permission */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IpNotAllowedError"] | components["schemas"]["ApiDisabledError"] | components["schemas"]["InsufficientPermissionError"];
                    };
                };
            };
            /** @description Error codes: account_not_found, market_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["AccountNotFoundError"] | components["schemas"]["MarketNotFoundError"];
                    };
                };
            };
            /** @description Error codes: operation_in_progress, account_not_ready, client_order_id_conflict */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["OperationInProgressError"] | components["schemas"]["AccountNotReadyError"] | components["schemas"]["ClientOrderIdConflictError"];
                    };
                };
            };
            /** @description Error codes: payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["PayloadTooLargeError"];
                    };
                };
            };
            /** @description Error codes: uri_too_long */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UriTooLongError"];
                    };
                };
            };
            /** @description Error codes: unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UnsupportedMediaTypeError"];
                    };
                };
            };
            /** @description Error codes: idempotency_key_reused, account_not_tradable, key_market_not_allowed, price_out_of_band, stop_already_triggered, post_only_would_fill, limit_inside_spread, order_too_small, working_order_cap, key_reduce_only, key_max_order_notional, key_max_position_notional, insufficient_margin, exposure_cap_exceeded, reduce_only_violation, slippage_exceeded, market_closed, market_not_offered, market_halted, position_liquidating, account_paused, insufficient_balance, order_rejected */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IdempotencyKeyReusedError"] | components["schemas"]["AccountNotTradableError"] | components["schemas"]["KeyMarketNotAllowedError"] | components["schemas"]["PriceOutOfBandError"] | components["schemas"]["StopAlreadyTriggeredError"] | components["schemas"]["PostOnlyWouldFillError"] | components["schemas"]["LimitInsideSpreadError"] | components["schemas"]["OrderTooSmallError"] | components["schemas"]["WorkingOrderCapError"] | components["schemas"]["KeyReduceOnlyError"] | components["schemas"]["KeyMaxOrderNotionalError"] | components["schemas"]["KeyMaxPositionNotionalError"] | components["schemas"]["InsufficientMarginError"] | components["schemas"]["ExposureCapExceededError"] | components["schemas"]["ReduceOnlyViolationError"] | components["schemas"]["SlippageExceededError"] | components["schemas"]["MarketClosedError"] | components["schemas"]["MarketNotOfferedError"] | components["schemas"]["MarketHaltedError"] | components["schemas"]["PositionLiquidatingError"] | components["schemas"]["AccountPausedError"] | components["schemas"]["InsufficientBalanceError"] | components["schemas"]["OrderRejectedError"];
                    };
                };
            };
            /** @description Error codes: rate_limited */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["RateLimitedError"];
                    };
                };
            };
            /** @description Error codes: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InternalError"];
                    };
                };
            };
            /** @description Error codes: not_ready, capacity, environment_disabled, temporarily_unavailable, stale_quote, no_price, engine_unavailable, engine_busy, state_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["NotReadyError"] | components["schemas"]["CapacityError"] | components["schemas"]["EnvironmentDisabledError"] | components["schemas"]["TemporarilyUnavailableError"] | components["schemas"]["StaleQuoteError"] | components["schemas"]["NoPriceError"] | components["schemas"]["EngineUnavailableError"] | components["schemas"]["EngineBusyError"] | components["schemas"]["StateUnavailableError"];
                    };
                };
            };
        };
    };
    previewOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                account_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PlaceOrderRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderPreview"];
                };
            };
            /** @description Error codes: invalid_request, invalid_json, unknown_field, invalid_parameter, invalid_size_step, invalid_price_tick */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InvalidRequestError"] | components["schemas"]["InvalidJsonError"] | components["schemas"]["UnknownFieldError"] | components["schemas"]["InvalidParameterError"] | components["schemas"]["InvalidSizeStepError"] | components["schemas"]["InvalidPriceTickError"];
                    };
                };
            };
            /** @description Error codes: missing_api_key, invalid_api_key, revoked_api_key, expired_api_key, wrong_environment, invalid_token, expired_token, revoked_token, wrong_resource */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["MissingApiKeyError"] | components["schemas"]["InvalidApiKeyError"] | components["schemas"]["RevokedApiKeyError"] | components["schemas"]["ExpiredApiKeyError"] | components["schemas"]["WrongEnvironmentError"] | components["schemas"]["InvalidTokenError"] | components["schemas"]["ExpiredTokenError"] | components["schemas"]["RevokedTokenError"] | components["schemas"]["WrongResourceError"];
                    };
                };
            };
            /** @description Error codes: ip_not_allowed, api_disabled */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IpNotAllowedError"] | components["schemas"]["ApiDisabledError"];
                    };
                };
            };
            /** @description Error codes: account_not_found, market_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["AccountNotFoundError"] | components["schemas"]["MarketNotFoundError"];
                    };
                };
            };
            /** @description Error codes: account_not_ready */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["AccountNotReadyError"];
                    };
                };
            };
            /** @description Error codes: payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["PayloadTooLargeError"];
                    };
                };
            };
            /** @description Error codes: uri_too_long */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UriTooLongError"];
                    };
                };
            };
            /** @description Error codes: unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UnsupportedMediaTypeError"];
                    };
                };
            };
            /** @description Error codes: rate_limited */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["RateLimitedError"];
                    };
                };
            };
            /** @description Error codes: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InternalError"];
                    };
                };
            };
            /** @description Error codes: not_ready, capacity, environment_disabled, temporarily_unavailable, state_unavailable, stale_quote, no_price */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["NotReadyError"] | components["schemas"]["CapacityError"] | components["schemas"]["EnvironmentDisabledError"] | components["schemas"]["TemporarilyUnavailableError"] | components["schemas"]["StateUnavailableError"] | components["schemas"]["StaleQuoteError"] | components["schemas"]["NoPriceError"];
                    };
                };
            };
        };
    };
    cancelAllOrders: {
        parameters: {
            query?: never;
            header: {
                /** @description 1 to 128 printable ASCII characters, unique per intended call; a retry with the same key and request answers the first result (kept 24 h). */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path: {
                account_id: string;
            };
            cookie?: never;
        };
        /** @description Optional: no body is the same as {}. */
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CancelAllOrdersRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CancelAllResult"];
                };
            };
            /** @description Error codes: invalid_request, invalid_json, unknown_field, invalid_parameter, idempotency_key_required, invalid_idempotency_key */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InvalidRequestError"] | components["schemas"]["InvalidJsonError"] | components["schemas"]["UnknownFieldError"] | components["schemas"]["InvalidParameterError"] | components["schemas"]["IdempotencyKeyRequiredError"] | components["schemas"]["InvalidIdempotencyKeyError"];
                    };
                };
            };
            /** @description Error codes: missing_api_key, invalid_api_key, revoked_api_key, expired_api_key, wrong_environment, invalid_token, expired_token, revoked_token, wrong_resource */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["MissingApiKeyError"] | components["schemas"]["InvalidApiKeyError"] | components["schemas"]["RevokedApiKeyError"] | components["schemas"]["ExpiredApiKeyError"] | components["schemas"]["WrongEnvironmentError"] | components["schemas"]["InvalidTokenError"] | components["schemas"]["ExpiredTokenError"] | components["schemas"]["RevokedTokenError"] | components["schemas"]["WrongResourceError"];
                    };
                };
            };
            /** @description Error codes: ip_not_allowed, api_disabled, insufficient_permission */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IpNotAllowedError"] | components["schemas"]["ApiDisabledError"] | components["schemas"]["InsufficientPermissionError"];
                    };
                };
            };
            /** @description Error codes: account_not_found, market_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["AccountNotFoundError"] | components["schemas"]["MarketNotFoundError"];
                    };
                };
            };
            /** @description Error codes: operation_in_progress, account_not_ready */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["OperationInProgressError"] | components["schemas"]["AccountNotReadyError"];
                    };
                };
            };
            /** @description Error codes: payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["PayloadTooLargeError"];
                    };
                };
            };
            /** @description Error codes: uri_too_long */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UriTooLongError"];
                    };
                };
            };
            /** @description Error codes: unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UnsupportedMediaTypeError"];
                    };
                };
            };
            /** @description Error codes: idempotency_key_reused, account_not_tradable, key_market_not_allowed */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IdempotencyKeyReusedError"] | components["schemas"]["AccountNotTradableError"] | components["schemas"]["KeyMarketNotAllowedError"];
                    };
                };
            };
            /** @description Error codes: rate_limited */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["RateLimitedError"];
                    };
                };
            };
            /** @description Error codes: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InternalError"];
                    };
                };
            };
            /** @description Error codes: not_ready, capacity, environment_disabled, temporarily_unavailable, stale_quote, engine_unavailable, engine_busy, state_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["NotReadyError"] | components["schemas"]["CapacityError"] | components["schemas"]["EnvironmentDisabledError"] | components["schemas"]["TemporarilyUnavailableError"] | components["schemas"]["StaleQuoteError"] | components["schemas"]["EngineUnavailableError"] | components["schemas"]["EngineBusyError"] | components["schemas"]["StateUnavailableError"];
                    };
                };
            };
        };
    };
    getDeadManSwitch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                account_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dead-man switch: when armed, the time (Unix ms, on the service clock) at which every working opening order of the account is canceled with cancel_reason dead_man_switch unless renewed; null when not armed */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeadManSwitch"];
                };
            };
            /** @description Error codes: invalid_request, invalid_parameter */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InvalidRequestError"] | components["schemas"]["InvalidParameterError"];
                    };
                };
            };
            /** @description Error codes: missing_api_key, invalid_api_key, revoked_api_key, expired_api_key, wrong_environment, invalid_token, expired_token, revoked_token, wrong_resource */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["MissingApiKeyError"] | components["schemas"]["InvalidApiKeyError"] | components["schemas"]["RevokedApiKeyError"] | components["schemas"]["ExpiredApiKeyError"] | components["schemas"]["WrongEnvironmentError"] | components["schemas"]["InvalidTokenError"] | components["schemas"]["ExpiredTokenError"] | components["schemas"]["RevokedTokenError"] | components["schemas"]["WrongResourceError"];
                    };
                };
            };
            /** @description Error codes: ip_not_allowed, api_disabled */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IpNotAllowedError"] | components["schemas"]["ApiDisabledError"];
                    };
                };
            };
            /** @description Error codes: account_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["AccountNotFoundError"];
                    };
                };
            };
            /** @description Error codes: uri_too_long */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UriTooLongError"];
                    };
                };
            };
            /** @description Error codes: rate_limited */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["RateLimitedError"];
                    };
                };
            };
            /** @description Error codes: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InternalError"];
                    };
                };
            };
            /** @description Error codes: not_ready, capacity, environment_disabled, temporarily_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["NotReadyError"] | components["schemas"]["CapacityError"] | components["schemas"]["EnvironmentDisabledError"] | components["schemas"]["TemporarilyUnavailableError"];
                    };
                };
            };
        };
    };
    armDeadManSwitch: {
        parameters: {
            query?: never;
            header: {
                /** @description 1 to 128 printable ASCII characters, unique per intended call; a retry with the same key and request answers the first result (kept 24 h). */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path: {
                account_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ArmDeadManSwitchRequest"];
            };
        };
        responses: {
            /** @description The dead-man switch: when armed, the time (Unix ms, on the service clock) at which every working opening order of the account is canceled with cancel_reason dead_man_switch unless renewed; null when not armed */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeadManSwitch"];
                };
            };
            /** @description Error codes: invalid_request, invalid_json, unknown_field, invalid_parameter, idempotency_key_required, invalid_idempotency_key */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InvalidRequestError"] | components["schemas"]["InvalidJsonError"] | components["schemas"]["UnknownFieldError"] | components["schemas"]["InvalidParameterError"] | components["schemas"]["IdempotencyKeyRequiredError"] | components["schemas"]["InvalidIdempotencyKeyError"];
                    };
                };
            };
            /** @description Error codes: missing_api_key, invalid_api_key, revoked_api_key, expired_api_key, wrong_environment, invalid_token, expired_token, revoked_token, wrong_resource */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["MissingApiKeyError"] | components["schemas"]["InvalidApiKeyError"] | components["schemas"]["RevokedApiKeyError"] | components["schemas"]["ExpiredApiKeyError"] | components["schemas"]["WrongEnvironmentError"] | components["schemas"]["InvalidTokenError"] | components["schemas"]["ExpiredTokenError"] | components["schemas"]["RevokedTokenError"] | components["schemas"]["WrongResourceError"];
                    };
                };
            };
            /** @description Error codes: ip_not_allowed, api_disabled, insufficient_permission */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IpNotAllowedError"] | components["schemas"]["ApiDisabledError"] | components["schemas"]["InsufficientPermissionError"];
                    };
                };
            };
            /** @description Error codes: account_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["AccountNotFoundError"];
                    };
                };
            };
            /** @description Error codes: operation_in_progress, account_not_ready */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["OperationInProgressError"] | components["schemas"]["AccountNotReadyError"];
                    };
                };
            };
            /** @description Error codes: payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["PayloadTooLargeError"];
                    };
                };
            };
            /** @description Error codes: uri_too_long */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UriTooLongError"];
                    };
                };
            };
            /** @description Error codes: unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UnsupportedMediaTypeError"];
                    };
                };
            };
            /** @description Error codes: idempotency_key_reused, account_not_tradable, account_paused */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IdempotencyKeyReusedError"] | components["schemas"]["AccountNotTradableError"] | components["schemas"]["AccountPausedError"];
                    };
                };
            };
            /** @description Error codes: rate_limited */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["RateLimitedError"];
                    };
                };
            };
            /** @description Error codes: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InternalError"];
                    };
                };
            };
            /** @description Error codes: not_ready, capacity, environment_disabled, temporarily_unavailable, engine_unavailable, engine_busy, state_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["NotReadyError"] | components["schemas"]["CapacityError"] | components["schemas"]["EnvironmentDisabledError"] | components["schemas"]["TemporarilyUnavailableError"] | components["schemas"]["EngineUnavailableError"] | components["schemas"]["EngineBusyError"] | components["schemas"]["StateUnavailableError"];
                    };
                };
            };
        };
    };
    getOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                account_id: string;
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An order */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Error codes: invalid_request, invalid_parameter */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InvalidRequestError"] | components["schemas"]["InvalidParameterError"];
                    };
                };
            };
            /** @description Error codes: missing_api_key, invalid_api_key, revoked_api_key, expired_api_key, wrong_environment, invalid_token, expired_token, revoked_token, wrong_resource */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["MissingApiKeyError"] | components["schemas"]["InvalidApiKeyError"] | components["schemas"]["RevokedApiKeyError"] | components["schemas"]["ExpiredApiKeyError"] | components["schemas"]["WrongEnvironmentError"] | components["schemas"]["InvalidTokenError"] | components["schemas"]["ExpiredTokenError"] | components["schemas"]["RevokedTokenError"] | components["schemas"]["WrongResourceError"];
                    };
                };
            };
            /** @description Error codes: ip_not_allowed, api_disabled */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IpNotAllowedError"] | components["schemas"]["ApiDisabledError"];
                    };
                };
            };
            /** @description Error codes: account_not_found, order_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["AccountNotFoundError"] | components["schemas"]["OrderNotFoundError"];
                    };
                };
            };
            /** @description Error codes: uri_too_long */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UriTooLongError"];
                    };
                };
            };
            /** @description Error codes: rate_limited */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["RateLimitedError"];
                    };
                };
            };
            /** @description Error codes: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InternalError"];
                    };
                };
            };
            /** @description Error codes: not_ready, capacity, environment_disabled, temporarily_unavailable, state_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["NotReadyError"] | components["schemas"]["CapacityError"] | components["schemas"]["EnvironmentDisabledError"] | components["schemas"]["TemporarilyUnavailableError"] | components["schemas"]["StateUnavailableError"];
                    };
                };
            };
        };
    };
    cancelOrder: {
        parameters: {
            query?: never;
            header: {
                /** @description 1 to 128 printable ASCII characters, unique per intended call; a retry with the same key and request answers the first result (kept 24 h). */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path: {
                account_id: string;
                order_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An order */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Error codes: invalid_request, invalid_parameter, idempotency_key_required, invalid_idempotency_key */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InvalidRequestError"] | components["schemas"]["InvalidParameterError"] | components["schemas"]["IdempotencyKeyRequiredError"] | components["schemas"]["InvalidIdempotencyKeyError"];
                    };
                };
            };
            /** @description Error codes: missing_api_key, invalid_api_key, revoked_api_key, expired_api_key, wrong_environment, invalid_token, expired_token, revoked_token, wrong_resource */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["MissingApiKeyError"] | components["schemas"]["InvalidApiKeyError"] | components["schemas"]["RevokedApiKeyError"] | components["schemas"]["ExpiredApiKeyError"] | components["schemas"]["WrongEnvironmentError"] | components["schemas"]["InvalidTokenError"] | components["schemas"]["ExpiredTokenError"] | components["schemas"]["RevokedTokenError"] | components["schemas"]["WrongResourceError"];
                    };
                };
            };
            /** @description Error codes: ip_not_allowed, api_disabled, insufficient_permission */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IpNotAllowedError"] | components["schemas"]["ApiDisabledError"] | components["schemas"]["InsufficientPermissionError"];
                    };
                };
            };
            /** @description Error codes: account_not_found, order_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["AccountNotFoundError"] | components["schemas"]["OrderNotFoundError"];
                    };
                };
            };
            /** @description Error codes: operation_in_progress, account_not_ready, order_not_working */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["OperationInProgressError"] | components["schemas"]["AccountNotReadyError"] | components["schemas"]["OrderNotWorkingError"];
                    };
                };
            };
            /** @description Error codes: uri_too_long */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UriTooLongError"];
                    };
                };
            };
            /** @description Error codes: idempotency_key_reused, account_not_tradable, key_market_not_allowed */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IdempotencyKeyReusedError"] | components["schemas"]["AccountNotTradableError"] | components["schemas"]["KeyMarketNotAllowedError"];
                    };
                };
            };
            /** @description Error codes: rate_limited */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["RateLimitedError"];
                    };
                };
            };
            /** @description Error codes: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InternalError"];
                    };
                };
            };
            /** @description Error codes: not_ready, capacity, environment_disabled, temporarily_unavailable, engine_unavailable, engine_busy, state_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["NotReadyError"] | components["schemas"]["CapacityError"] | components["schemas"]["EnvironmentDisabledError"] | components["schemas"]["TemporarilyUnavailableError"] | components["schemas"]["EngineUnavailableError"] | components["schemas"]["EngineBusyError"] | components["schemas"]["StateUnavailableError"];
                    };
                };
            };
        };
    };
    editOrder: {
        parameters: {
            query?: never;
            header: {
                /** @description 1 to 128 printable ASCII characters, unique per intended call; a retry with the same key and request answers the first result (kept 24 h). */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path: {
                account_id: string;
                order_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EditOrderRequest"];
            };
        };
        responses: {
            /** @description An order */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Error codes: invalid_request, invalid_json, unknown_field, invalid_parameter, idempotency_key_required, invalid_idempotency_key, invalid_size_step, invalid_price_tick */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InvalidRequestError"] | components["schemas"]["InvalidJsonError"] | components["schemas"]["UnknownFieldError"] | components["schemas"]["InvalidParameterError"] | components["schemas"]["IdempotencyKeyRequiredError"] | components["schemas"]["InvalidIdempotencyKeyError"] | components["schemas"]["InvalidSizeStepError"] | components["schemas"]["InvalidPriceTickError"];
                    };
                };
            };
            /** @description Error codes: missing_api_key, invalid_api_key, revoked_api_key, expired_api_key, wrong_environment, invalid_token, expired_token, revoked_token, wrong_resource */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["MissingApiKeyError"] | components["schemas"]["InvalidApiKeyError"] | components["schemas"]["RevokedApiKeyError"] | components["schemas"]["ExpiredApiKeyError"] | components["schemas"]["WrongEnvironmentError"] | components["schemas"]["InvalidTokenError"] | components["schemas"]["ExpiredTokenError"] | components["schemas"]["RevokedTokenError"] | components["schemas"]["WrongResourceError"];
                    };
                };
            };
            /** @description Error codes: ip_not_allowed, api_disabled, insufficient_permission */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IpNotAllowedError"] | components["schemas"]["ApiDisabledError"] | components["schemas"]["InsufficientPermissionError"];
                    };
                };
            };
            /** @description Error codes: account_not_found, order_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["AccountNotFoundError"] | components["schemas"]["OrderNotFoundError"];
                    };
                };
            };
            /** @description Error codes: operation_in_progress, account_not_ready, order_not_working */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["OperationInProgressError"] | components["schemas"]["AccountNotReadyError"] | components["schemas"]["OrderNotWorkingError"];
                    };
                };
            };
            /** @description Error codes: payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["PayloadTooLargeError"];
                    };
                };
            };
            /** @description Error codes: uri_too_long */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UriTooLongError"];
                    };
                };
            };
            /** @description Error codes: unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UnsupportedMediaTypeError"];
                    };
                };
            };
            /** @description Error codes: idempotency_key_reused, account_not_tradable, account_paused, key_market_not_allowed, price_out_of_band, stop_already_triggered, order_too_small, insufficient_margin, exposure_cap_exceeded, reduce_only_violation, key_max_order_notional, key_max_position_notional, market_closed, market_halted */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IdempotencyKeyReusedError"] | components["schemas"]["AccountNotTradableError"] | components["schemas"]["AccountPausedError"] | components["schemas"]["KeyMarketNotAllowedError"] | components["schemas"]["PriceOutOfBandError"] | components["schemas"]["StopAlreadyTriggeredError"] | components["schemas"]["OrderTooSmallError"] | components["schemas"]["InsufficientMarginError"] | components["schemas"]["ExposureCapExceededError"] | components["schemas"]["ReduceOnlyViolationError"] | components["schemas"]["KeyMaxOrderNotionalError"] | components["schemas"]["KeyMaxPositionNotionalError"] | components["schemas"]["MarketClosedError"] | components["schemas"]["MarketHaltedError"];
                    };
                };
            };
            /** @description Error codes: rate_limited */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["RateLimitedError"];
                    };
                };
            };
            /** @description Error codes: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InternalError"];
                    };
                };
            };
            /** @description Error codes: not_ready, capacity, environment_disabled, temporarily_unavailable, no_price, stale_quote, engine_unavailable, engine_busy, state_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["NotReadyError"] | components["schemas"]["CapacityError"] | components["schemas"]["EnvironmentDisabledError"] | components["schemas"]["TemporarilyUnavailableError"] | components["schemas"]["NoPriceError"] | components["schemas"]["StaleQuoteError"] | components["schemas"]["EngineUnavailableError"] | components["schemas"]["EngineBusyError"] | components["schemas"]["StateUnavailableError"];
                    };
                };
            };
        };
    };
    listPositions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                account_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PositionList"];
                };
            };
            /** @description Error codes: invalid_request, invalid_parameter */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InvalidRequestError"] | components["schemas"]["InvalidParameterError"];
                    };
                };
            };
            /** @description Error codes: missing_api_key, invalid_api_key, revoked_api_key, expired_api_key, wrong_environment, invalid_token, expired_token, revoked_token, wrong_resource */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["MissingApiKeyError"] | components["schemas"]["InvalidApiKeyError"] | components["schemas"]["RevokedApiKeyError"] | components["schemas"]["ExpiredApiKeyError"] | components["schemas"]["WrongEnvironmentError"] | components["schemas"]["InvalidTokenError"] | components["schemas"]["ExpiredTokenError"] | components["schemas"]["RevokedTokenError"] | components["schemas"]["WrongResourceError"];
                    };
                };
            };
            /** @description Error codes: ip_not_allowed, api_disabled */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IpNotAllowedError"] | components["schemas"]["ApiDisabledError"];
                    };
                };
            };
            /** @description Error codes: account_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["AccountNotFoundError"];
                    };
                };
            };
            /** @description Error codes: uri_too_long */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UriTooLongError"];
                    };
                };
            };
            /** @description Error codes: rate_limited */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["RateLimitedError"];
                    };
                };
            };
            /** @description Error codes: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InternalError"];
                    };
                };
            };
            /** @description Error codes: not_ready, capacity, environment_disabled, temporarily_unavailable, state_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["NotReadyError"] | components["schemas"]["CapacityError"] | components["schemas"]["EnvironmentDisabledError"] | components["schemas"]["TemporarilyUnavailableError"] | components["schemas"]["StateUnavailableError"];
                    };
                };
            };
        };
    };
    closeAllPositions: {
        parameters: {
            query?: never;
            header: {
                /** @description 1 to 128 printable ASCII characters, unique per intended call; a retry with the same key and request answers the first result (kept 24 h). */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path: {
                account_id: string;
            };
            cookie?: never;
        };
        /** @description Optional: no body is the same as {}. */
        requestBody?: {
            content: {
                "application/json": components["schemas"]["CloseAllPositionsRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CloseAllPositionsResponse"];
                };
            };
            /** @description Error codes: invalid_request, invalid_json, unknown_field, invalid_parameter, idempotency_key_required, invalid_idempotency_key */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InvalidRequestError"] | components["schemas"]["InvalidJsonError"] | components["schemas"]["UnknownFieldError"] | components["schemas"]["InvalidParameterError"] | components["schemas"]["IdempotencyKeyRequiredError"] | components["schemas"]["InvalidIdempotencyKeyError"];
                    };
                };
            };
            /** @description Error codes: missing_api_key, invalid_api_key, revoked_api_key, expired_api_key, wrong_environment, invalid_token, expired_token, revoked_token, wrong_resource */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["MissingApiKeyError"] | components["schemas"]["InvalidApiKeyError"] | components["schemas"]["RevokedApiKeyError"] | components["schemas"]["ExpiredApiKeyError"] | components["schemas"]["WrongEnvironmentError"] | components["schemas"]["InvalidTokenError"] | components["schemas"]["ExpiredTokenError"] | components["schemas"]["RevokedTokenError"] | components["schemas"]["WrongResourceError"];
                    };
                };
            };
            /** @description Error codes: ip_not_allowed, api_disabled, insufficient_permission */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IpNotAllowedError"] | components["schemas"]["ApiDisabledError"] | components["schemas"]["InsufficientPermissionError"];
                    };
                };
            };
            /** @description Error codes: account_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["AccountNotFoundError"];
                    };
                };
            };
            /** @description Error codes: operation_in_progress, account_not_ready */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["OperationInProgressError"] | components["schemas"]["AccountNotReadyError"];
                    };
                };
            };
            /** @description Error codes: payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["PayloadTooLargeError"];
                    };
                };
            };
            /** @description Error codes: uri_too_long */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UriTooLongError"];
                    };
                };
            };
            /** @description Error codes: unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UnsupportedMediaTypeError"];
                    };
                };
            };
            /** @description Error codes: idempotency_key_reused, account_not_tradable */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IdempotencyKeyReusedError"] | components["schemas"]["AccountNotTradableError"];
                    };
                };
            };
            /** @description Error codes: rate_limited */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["RateLimitedError"];
                    };
                };
            };
            /** @description Error codes: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InternalError"];
                    };
                };
            };
            /** @description Error codes: not_ready, capacity, environment_disabled, temporarily_unavailable, engine_unavailable, engine_busy, state_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["NotReadyError"] | components["schemas"]["CapacityError"] | components["schemas"]["EnvironmentDisabledError"] | components["schemas"]["TemporarilyUnavailableError"] | components["schemas"]["EngineUnavailableError"] | components["schemas"]["EngineBusyError"] | components["schemas"]["StateUnavailableError"];
                    };
                };
            };
        };
    };
    getPosition: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                account_id: string;
                market: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Position"];
                };
            };
            /** @description Error codes: invalid_request, invalid_parameter */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InvalidRequestError"] | components["schemas"]["InvalidParameterError"];
                    };
                };
            };
            /** @description Error codes: missing_api_key, invalid_api_key, revoked_api_key, expired_api_key, wrong_environment, invalid_token, expired_token, revoked_token, wrong_resource */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["MissingApiKeyError"] | components["schemas"]["InvalidApiKeyError"] | components["schemas"]["RevokedApiKeyError"] | components["schemas"]["ExpiredApiKeyError"] | components["schemas"]["WrongEnvironmentError"] | components["schemas"]["InvalidTokenError"] | components["schemas"]["ExpiredTokenError"] | components["schemas"]["RevokedTokenError"] | components["schemas"]["WrongResourceError"];
                    };
                };
            };
            /** @description Error codes: ip_not_allowed, api_disabled */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IpNotAllowedError"] | components["schemas"]["ApiDisabledError"];
                    };
                };
            };
            /** @description Error codes: account_not_found, position_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["AccountNotFoundError"] | components["schemas"]["PositionNotFoundError"];
                    };
                };
            };
            /** @description Error codes: uri_too_long */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UriTooLongError"];
                    };
                };
            };
            /** @description Error codes: rate_limited */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["RateLimitedError"];
                    };
                };
            };
            /** @description Error codes: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InternalError"];
                    };
                };
            };
            /** @description Error codes: not_ready, capacity, environment_disabled, temporarily_unavailable, state_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["NotReadyError"] | components["schemas"]["CapacityError"] | components["schemas"]["EnvironmentDisabledError"] | components["schemas"]["TemporarilyUnavailableError"] | components["schemas"]["StateUnavailableError"];
                    };
                };
            };
        };
    };
    closePosition: {
        parameters: {
            query?: never;
            header: {
                /** @description 1 to 128 printable ASCII characters, unique per intended call; a retry with the same key and request answers the first result (kept 24 h). */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path: {
                account_id: string;
                market: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An order */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
                };
            };
            /** @description Error codes: invalid_request, invalid_parameter, idempotency_key_required, invalid_idempotency_key */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InvalidRequestError"] | components["schemas"]["InvalidParameterError"] | components["schemas"]["IdempotencyKeyRequiredError"] | components["schemas"]["InvalidIdempotencyKeyError"];
                    };
                };
            };
            /** @description Error codes: missing_api_key, invalid_api_key, revoked_api_key, expired_api_key, wrong_environment, invalid_token, expired_token, revoked_token, wrong_resource */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["MissingApiKeyError"] | components["schemas"]["InvalidApiKeyError"] | components["schemas"]["RevokedApiKeyError"] | components["schemas"]["ExpiredApiKeyError"] | components["schemas"]["WrongEnvironmentError"] | components["schemas"]["InvalidTokenError"] | components["schemas"]["ExpiredTokenError"] | components["schemas"]["RevokedTokenError"] | components["schemas"]["WrongResourceError"];
                    };
                };
            };
            /** @description Error codes: ip_not_allowed, api_disabled, insufficient_permission */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IpNotAllowedError"] | components["schemas"]["ApiDisabledError"] | components["schemas"]["InsufficientPermissionError"];
                    };
                };
            };
            /** @description Error codes: account_not_found, position_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["AccountNotFoundError"] | components["schemas"]["PositionNotFoundError"];
                    };
                };
            };
            /** @description Error codes: operation_in_progress, account_not_ready */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["OperationInProgressError"] | components["schemas"]["AccountNotReadyError"];
                    };
                };
            };
            /** @description Error codes: uri_too_long */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UriTooLongError"];
                    };
                };
            };
            /** @description Error codes: idempotency_key_reused, account_not_tradable, key_market_not_allowed, market_closed, market_halted */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IdempotencyKeyReusedError"] | components["schemas"]["AccountNotTradableError"] | components["schemas"]["KeyMarketNotAllowedError"] | components["schemas"]["MarketClosedError"] | components["schemas"]["MarketHaltedError"];
                    };
                };
            };
            /** @description Error codes: rate_limited */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["RateLimitedError"];
                    };
                };
            };
            /** @description Error codes: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InternalError"];
                    };
                };
            };
            /** @description Error codes: not_ready, capacity, environment_disabled, temporarily_unavailable, no_price, stale_quote, engine_unavailable, engine_busy, state_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["NotReadyError"] | components["schemas"]["CapacityError"] | components["schemas"]["EnvironmentDisabledError"] | components["schemas"]["TemporarilyUnavailableError"] | components["schemas"]["NoPriceError"] | components["schemas"]["StaleQuoteError"] | components["schemas"]["EngineUnavailableError"] | components["schemas"]["EngineBusyError"] | components["schemas"]["StateUnavailableError"];
                    };
                };
            };
        };
    };
    setPositionExits: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                account_id: string;
                market: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PositionExitsRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Position"];
                };
            };
            /** @description Error codes: invalid_request, invalid_json, unknown_field, invalid_parameter, invalid_price_tick */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InvalidRequestError"] | components["schemas"]["InvalidJsonError"] | components["schemas"]["UnknownFieldError"] | components["schemas"]["InvalidParameterError"] | components["schemas"]["InvalidPriceTickError"];
                    };
                };
            };
            /** @description Error codes: missing_api_key, invalid_api_key, revoked_api_key, expired_api_key, wrong_environment, invalid_token, expired_token, revoked_token, wrong_resource */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["MissingApiKeyError"] | components["schemas"]["InvalidApiKeyError"] | components["schemas"]["RevokedApiKeyError"] | components["schemas"]["ExpiredApiKeyError"] | components["schemas"]["WrongEnvironmentError"] | components["schemas"]["InvalidTokenError"] | components["schemas"]["ExpiredTokenError"] | components["schemas"]["RevokedTokenError"] | components["schemas"]["WrongResourceError"];
                    };
                };
            };
            /** @description Error codes: ip_not_allowed, api_disabled, insufficient_permission */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IpNotAllowedError"] | components["schemas"]["ApiDisabledError"] | components["schemas"]["InsufficientPermissionError"];
                    };
                };
            };
            /** @description Error codes: account_not_found, position_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["AccountNotFoundError"] | components["schemas"]["PositionNotFoundError"];
                    };
                };
            };
            /** @description Error codes: account_not_ready */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["AccountNotReadyError"];
                    };
                };
            };
            /** @description Error codes: payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["PayloadTooLargeError"];
                    };
                };
            };
            /** @description Error codes: uri_too_long */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UriTooLongError"];
                    };
                };
            };
            /** @description Error codes: unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UnsupportedMediaTypeError"];
                    };
                };
            };
            /** @description Error codes: account_not_tradable, key_market_not_allowed */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["AccountNotTradableError"] | components["schemas"]["KeyMarketNotAllowedError"];
                    };
                };
            };
            /** @description Error codes: rate_limited */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["RateLimitedError"];
                    };
                };
            };
            /** @description Error codes: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InternalError"];
                    };
                };
            };
            /** @description Error codes: not_ready, capacity, environment_disabled, temporarily_unavailable, engine_unavailable, engine_busy, state_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["NotReadyError"] | components["schemas"]["CapacityError"] | components["schemas"]["EnvironmentDisabledError"] | components["schemas"]["TemporarilyUnavailableError"] | components["schemas"]["EngineUnavailableError"] | components["schemas"]["EngineBusyError"] | components["schemas"]["StateUnavailableError"];
                    };
                };
            };
        };
    };
    adjustPositionMargin: {
        parameters: {
            query?: never;
            header: {
                /** @description 1 to 128 printable ASCII characters, unique per intended call; a retry with the same key and request answers the first result (kept 24 h). */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path: {
                account_id: string;
                market: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AdjustPositionMarginRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Position"];
                };
            };
            /** @description Error codes: invalid_request, invalid_json, unknown_field, invalid_parameter, idempotency_key_required, invalid_idempotency_key */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InvalidRequestError"] | components["schemas"]["InvalidJsonError"] | components["schemas"]["UnknownFieldError"] | components["schemas"]["InvalidParameterError"] | components["schemas"]["IdempotencyKeyRequiredError"] | components["schemas"]["InvalidIdempotencyKeyError"];
                    };
                };
            };
            /** @description Error codes: missing_api_key, invalid_api_key, revoked_api_key, expired_api_key, wrong_environment, invalid_token, expired_token, revoked_token, wrong_resource */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["MissingApiKeyError"] | components["schemas"]["InvalidApiKeyError"] | components["schemas"]["RevokedApiKeyError"] | components["schemas"]["ExpiredApiKeyError"] | components["schemas"]["WrongEnvironmentError"] | components["schemas"]["InvalidTokenError"] | components["schemas"]["ExpiredTokenError"] | components["schemas"]["RevokedTokenError"] | components["schemas"]["WrongResourceError"];
                    };
                };
            };
            /** @description Error codes: ip_not_allowed, api_disabled, insufficient_permission */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IpNotAllowedError"] | components["schemas"]["ApiDisabledError"] | components["schemas"]["InsufficientPermissionError"];
                    };
                };
            };
            /** @description Error codes: account_not_found, position_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["AccountNotFoundError"] | components["schemas"]["PositionNotFoundError"];
                    };
                };
            };
            /** @description Error codes: operation_in_progress, account_not_ready, position_not_isolated */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["OperationInProgressError"] | components["schemas"]["AccountNotReadyError"] | components["schemas"]["PositionNotIsolatedError"];
                    };
                };
            };
            /** @description Error codes: payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["PayloadTooLargeError"];
                    };
                };
            };
            /** @description Error codes: uri_too_long */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UriTooLongError"];
                    };
                };
            };
            /** @description Error codes: unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UnsupportedMediaTypeError"];
                    };
                };
            };
            /** @description Error codes: idempotency_key_reused, account_not_tradable, insufficient_balance, liquidation_risk, key_market_not_allowed */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IdempotencyKeyReusedError"] | components["schemas"]["AccountNotTradableError"] | components["schemas"]["InsufficientBalanceError"] | components["schemas"]["LiquidationRiskError"] | components["schemas"]["KeyMarketNotAllowedError"];
                    };
                };
            };
            /** @description Error codes: rate_limited */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["RateLimitedError"];
                    };
                };
            };
            /** @description Error codes: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InternalError"];
                    };
                };
            };
            /** @description Error codes: not_ready, capacity, environment_disabled, temporarily_unavailable, engine_unavailable, engine_busy, state_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["NotReadyError"] | components["schemas"]["CapacityError"] | components["schemas"]["EnvironmentDisabledError"] | components["schemas"]["TemporarilyUnavailableError"] | components["schemas"]["EngineUnavailableError"] | components["schemas"]["EngineBusyError"] | components["schemas"]["StateUnavailableError"];
                    };
                };
            };
        };
    };
    listFills: {
        parameters: {
            query?: {
                limit?: number;
                after?: string;
            };
            header?: never;
            path: {
                account_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FillList"];
                };
            };
            /** @description Error codes: invalid_request, unknown_field, invalid_parameter, invalid_cursor */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InvalidRequestError"] | components["schemas"]["UnknownFieldError"] | components["schemas"]["InvalidParameterError"] | components["schemas"]["InvalidCursorError"];
                    };
                };
            };
            /** @description Error codes: missing_api_key, invalid_api_key, revoked_api_key, expired_api_key, wrong_environment, invalid_token, expired_token, revoked_token, wrong_resource */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["MissingApiKeyError"] | components["schemas"]["InvalidApiKeyError"] | components["schemas"]["RevokedApiKeyError"] | components["schemas"]["ExpiredApiKeyError"] | components["schemas"]["WrongEnvironmentError"] | components["schemas"]["InvalidTokenError"] | components["schemas"]["ExpiredTokenError"] | components["schemas"]["RevokedTokenError"] | components["schemas"]["WrongResourceError"];
                    };
                };
            };
            /** @description Error codes: ip_not_allowed, api_disabled */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IpNotAllowedError"] | components["schemas"]["ApiDisabledError"];
                    };
                };
            };
            /** @description Error codes: account_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["AccountNotFoundError"];
                    };
                };
            };
            /** @description Error codes: uri_too_long */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UriTooLongError"];
                    };
                };
            };
            /** @description Error codes: rate_limited */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["RateLimitedError"];
                    };
                };
            };
            /** @description Error codes: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InternalError"];
                    };
                };
            };
            /** @description Error codes: not_ready, capacity, environment_disabled, temporarily_unavailable, state_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["NotReadyError"] | components["schemas"]["CapacityError"] | components["schemas"]["EnvironmentDisabledError"] | components["schemas"]["TemporarilyUnavailableError"] | components["schemas"]["StateUnavailableError"];
                    };
                };
            };
        };
    };
    getEquityCurve: {
        parameters: {
            query: {
                resolution: "trade" | "day";
            };
            header?: never;
            path: {
                account_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Equity curve: one point per closed trade or trading day, oldest first; the first point is the opening balance */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EquityCurve"];
                };
            };
            /** @description Error codes: invalid_request, unknown_field, invalid_parameter */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InvalidRequestError"] | components["schemas"]["UnknownFieldError"] | components["schemas"]["InvalidParameterError"];
                    };
                };
            };
            /** @description Error codes: missing_api_key, invalid_api_key, revoked_api_key, expired_api_key, wrong_environment, invalid_token, expired_token, revoked_token, wrong_resource */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["MissingApiKeyError"] | components["schemas"]["InvalidApiKeyError"] | components["schemas"]["RevokedApiKeyError"] | components["schemas"]["ExpiredApiKeyError"] | components["schemas"]["WrongEnvironmentError"] | components["schemas"]["InvalidTokenError"] | components["schemas"]["ExpiredTokenError"] | components["schemas"]["RevokedTokenError"] | components["schemas"]["WrongResourceError"];
                    };
                };
            };
            /** @description Error codes: ip_not_allowed, api_disabled */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IpNotAllowedError"] | components["schemas"]["ApiDisabledError"];
                    };
                };
            };
            /** @description Error codes: account_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["AccountNotFoundError"];
                    };
                };
            };
            /** @description Error codes: account_not_ready */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["AccountNotReadyError"];
                    };
                };
            };
            /** @description Error codes: uri_too_long */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UriTooLongError"];
                    };
                };
            };
            /** @description Error codes: rate_limited */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["RateLimitedError"];
                    };
                };
            };
            /** @description Error codes: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InternalError"];
                    };
                };
            };
            /** @description Error codes: not_ready, capacity, environment_disabled, temporarily_unavailable, state_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["NotReadyError"] | components["schemas"]["CapacityError"] | components["schemas"]["EnvironmentDisabledError"] | components["schemas"]["TemporarilyUnavailableError"] | components["schemas"]["StateUnavailableError"];
                    };
                };
            };
        };
    };
    listMarginSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                account_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MarginSettingList"];
                };
            };
            /** @description Error codes: invalid_request, invalid_parameter */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InvalidRequestError"] | components["schemas"]["InvalidParameterError"];
                    };
                };
            };
            /** @description Error codes: missing_api_key, invalid_api_key, revoked_api_key, expired_api_key, wrong_environment, invalid_token, expired_token, revoked_token, wrong_resource */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["MissingApiKeyError"] | components["schemas"]["InvalidApiKeyError"] | components["schemas"]["RevokedApiKeyError"] | components["schemas"]["ExpiredApiKeyError"] | components["schemas"]["WrongEnvironmentError"] | components["schemas"]["InvalidTokenError"] | components["schemas"]["ExpiredTokenError"] | components["schemas"]["RevokedTokenError"] | components["schemas"]["WrongResourceError"];
                    };
                };
            };
            /** @description Error codes: ip_not_allowed, api_disabled */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IpNotAllowedError"] | components["schemas"]["ApiDisabledError"];
                    };
                };
            };
            /** @description Error codes: account_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["AccountNotFoundError"];
                    };
                };
            };
            /** @description Error codes: account_not_ready */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["AccountNotReadyError"];
                    };
                };
            };
            /** @description Error codes: uri_too_long */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UriTooLongError"];
                    };
                };
            };
            /** @description Error codes: rate_limited */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["RateLimitedError"];
                    };
                };
            };
            /** @description Error codes: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InternalError"];
                    };
                };
            };
            /** @description Error codes: not_ready, capacity, environment_disabled, temporarily_unavailable, state_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["NotReadyError"] | components["schemas"]["CapacityError"] | components["schemas"]["EnvironmentDisabledError"] | components["schemas"]["TemporarilyUnavailableError"] | components["schemas"]["StateUnavailableError"];
                    };
                };
            };
        };
    };
    setMarginSetting: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                account_id: string;
                market: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SetMarginSettingRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MarginSetting"];
                };
            };
            /** @description Error codes: invalid_request, invalid_json, unknown_field, invalid_parameter, invalid_leverage */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InvalidRequestError"] | components["schemas"]["InvalidJsonError"] | components["schemas"]["UnknownFieldError"] | components["schemas"]["InvalidParameterError"] | components["schemas"]["InvalidLeverageError"];
                    };
                };
            };
            /** @description Error codes: missing_api_key, invalid_api_key, revoked_api_key, expired_api_key, wrong_environment, invalid_token, expired_token, revoked_token, wrong_resource */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["MissingApiKeyError"] | components["schemas"]["InvalidApiKeyError"] | components["schemas"]["RevokedApiKeyError"] | components["schemas"]["ExpiredApiKeyError"] | components["schemas"]["WrongEnvironmentError"] | components["schemas"]["InvalidTokenError"] | components["schemas"]["ExpiredTokenError"] | components["schemas"]["RevokedTokenError"] | components["schemas"]["WrongResourceError"];
                    };
                };
            };
            /** @description Error codes: ip_not_allowed, api_disabled, insufficient_permission */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IpNotAllowedError"] | components["schemas"]["ApiDisabledError"] | components["schemas"]["InsufficientPermissionError"];
                    };
                };
            };
            /** @description Error codes: account_not_found, market_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["AccountNotFoundError"] | components["schemas"]["MarketNotFoundError"];
                    };
                };
            };
            /** @description Error codes: account_not_ready, margin_mode_locked */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["AccountNotReadyError"] | components["schemas"]["MarginModeLockedError"];
                    };
                };
            };
            /** @description Error codes: payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["PayloadTooLargeError"];
                    };
                };
            };
            /** @description Error codes: uri_too_long */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UriTooLongError"];
                    };
                };
            };
            /** @description Error codes: unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UnsupportedMediaTypeError"];
                    };
                };
            };
            /** @description Error codes: account_not_tradable, key_market_not_allowed */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["AccountNotTradableError"] | components["schemas"]["KeyMarketNotAllowedError"];
                    };
                };
            };
            /** @description Error codes: rate_limited */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["RateLimitedError"];
                    };
                };
            };
            /** @description Error codes: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InternalError"];
                    };
                };
            };
            /** @description Error codes: not_ready, capacity, environment_disabled, temporarily_unavailable, engine_unavailable, engine_busy, state_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["NotReadyError"] | components["schemas"]["CapacityError"] | components["schemas"]["EnvironmentDisabledError"] | components["schemas"]["TemporarilyUnavailableError"] | components["schemas"]["EngineUnavailableError"] | components["schemas"]["EngineBusyError"] | components["schemas"]["StateUnavailableError"];
                    };
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                limit?: number;
                after?: string;
                account_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventList"];
                };
            };
            /** @description Error codes: invalid_request, unknown_field, invalid_parameter, invalid_cursor */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InvalidRequestError"] | components["schemas"]["UnknownFieldError"] | components["schemas"]["InvalidParameterError"] | components["schemas"]["InvalidCursorError"];
                    };
                };
            };
            /** @description Error codes: missing_api_key, invalid_api_key, revoked_api_key, expired_api_key, wrong_environment, invalid_token, expired_token, revoked_token, wrong_resource */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["MissingApiKeyError"] | components["schemas"]["InvalidApiKeyError"] | components["schemas"]["RevokedApiKeyError"] | components["schemas"]["ExpiredApiKeyError"] | components["schemas"]["WrongEnvironmentError"] | components["schemas"]["InvalidTokenError"] | components["schemas"]["ExpiredTokenError"] | components["schemas"]["RevokedTokenError"] | components["schemas"]["WrongResourceError"];
                    };
                };
            };
            /** @description Error codes: ip_not_allowed, api_disabled */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IpNotAllowedError"] | components["schemas"]["ApiDisabledError"];
                    };
                };
            };
            /** @description Error codes: account_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["AccountNotFoundError"];
                    };
                };
            };
            /** @description Error codes: uri_too_long */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UriTooLongError"];
                    };
                };
            };
            /** @description Error codes: rate_limited */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["RateLimitedError"];
                    };
                };
            };
            /** @description Error codes: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InternalError"];
                    };
                };
            };
            /** @description Error codes: not_ready, capacity, environment_disabled, state_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["NotReadyError"] | components["schemas"]["CapacityError"] | components["schemas"]["EnvironmentDisabledError"] | components["schemas"]["StateUnavailableError"];
                    };
                };
            };
        };
    };
    streamAccount: {
        parameters: {
            query?: {
                /** @description An event id (evt_live_… / evt_test_…), opaque and strictly increasing along a customer’s events in an environment */
                resume?: string;
            };
            header?: {
                /** @description The id of the last event received: the stream continues after it (EventSource sends it on reconnect; it wins over `resume`). */
                "Last-Event-ID"?: components["parameters"]["LastEventId"];
            };
            path: {
                account_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Server-Sent Events: each event as `id:` (its id), `event:` (its type) and `data:` (the event JSON, as GET /v1/events lists it); a `: heartbeat` comment every 15 s; a client too slow to take its events gets `event: error` with `{"code":"slow_consumer"}` and is disconnected. When the credential stops opening the account (revoked, expired, API access disabled, account out of reach), the stream sends within 1 s a last `event: error` whose data is the error a new request would get (`code`, `type`, `message`, `request_id` of the stream, `retryable`, `doc_url`, `details`) and closes the connection. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description Error codes: invalid_request, unknown_field, invalid_parameter, invalid_cursor */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InvalidRequestError"] | components["schemas"]["UnknownFieldError"] | components["schemas"]["InvalidParameterError"] | components["schemas"]["InvalidCursorError"];
                    };
                };
            };
            /** @description Error codes: missing_api_key, invalid_api_key, revoked_api_key, expired_api_key, wrong_environment, invalid_token, expired_token, revoked_token, wrong_resource */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["MissingApiKeyError"] | components["schemas"]["InvalidApiKeyError"] | components["schemas"]["RevokedApiKeyError"] | components["schemas"]["ExpiredApiKeyError"] | components["schemas"]["WrongEnvironmentError"] | components["schemas"]["InvalidTokenError"] | components["schemas"]["ExpiredTokenError"] | components["schemas"]["RevokedTokenError"] | components["schemas"]["WrongResourceError"];
                    };
                };
            };
            /** @description Error codes: ip_not_allowed, api_disabled */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IpNotAllowedError"] | components["schemas"]["ApiDisabledError"];
                    };
                };
            };
            /** @description Error codes: account_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["AccountNotFoundError"];
                    };
                };
            };
            /** @description Error codes: uri_too_long */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UriTooLongError"];
                    };
                };
            };
            /** @description Error codes: rate_limited */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["RateLimitedError"];
                    };
                };
            };
            /** @description Error codes: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InternalError"];
                    };
                };
            };
            /** @description Error codes: not_ready, capacity, environment_disabled, state_unavailable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["NotReadyError"] | components["schemas"]["CapacityError"] | components["schemas"]["EnvironmentDisabledError"] | components["schemas"]["StateUnavailableError"];
                    };
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: {
                limit?: number;
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookList"];
                };
            };
            /** @description Error codes: invalid_request, unknown_field, invalid_parameter, invalid_cursor */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InvalidRequestError"] | components["schemas"]["UnknownFieldError"] | components["schemas"]["InvalidParameterError"] | components["schemas"]["InvalidCursorError"];
                    };
                };
            };
            /** @description Error codes: missing_api_key, invalid_api_key, revoked_api_key, expired_api_key, wrong_environment, invalid_token, expired_token, revoked_token, wrong_resource */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["MissingApiKeyError"] | components["schemas"]["InvalidApiKeyError"] | components["schemas"]["RevokedApiKeyError"] | components["schemas"]["ExpiredApiKeyError"] | components["schemas"]["WrongEnvironmentError"] | components["schemas"]["InvalidTokenError"] | components["schemas"]["ExpiredTokenError"] | components["schemas"]["RevokedTokenError"] | components["schemas"]["WrongResourceError"];
                    };
                };
            };
            /** @description Error codes: ip_not_allowed, api_disabled */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IpNotAllowedError"] | components["schemas"]["ApiDisabledError"];
                    };
                };
            };
            /** @description Error codes: uri_too_long */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UriTooLongError"];
                    };
                };
            };
            /** @description Error codes: rate_limited */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["RateLimitedError"];
                    };
                };
            };
            /** @description Error codes: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InternalError"];
                    };
                };
            };
            /** @description Error codes: not_ready, capacity, environment_disabled */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["NotReadyError"] | components["schemas"]["CapacityError"] | components["schemas"]["EnvironmentDisabledError"];
                    };
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description 1 to 128 printable ASCII characters, unique per intended call; a retry with the same key and request answers the first result (kept 24 h). */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookRequest"];
            };
        };
        responses: {
            /** @description A webhook endpoint with its signing secret */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecret"];
                };
            };
            /** @description Error codes: invalid_request, invalid_json, unknown_field, idempotency_key_required, invalid_idempotency_key */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InvalidRequestError"] | components["schemas"]["InvalidJsonError"] | components["schemas"]["UnknownFieldError"] | components["schemas"]["IdempotencyKeyRequiredError"] | components["schemas"]["InvalidIdempotencyKeyError"];
                    };
                };
            };
            /** @description Error codes: missing_api_key, invalid_api_key, revoked_api_key, expired_api_key, wrong_environment, invalid_token, expired_token, revoked_token, wrong_resource */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["MissingApiKeyError"] | components["schemas"]["InvalidApiKeyError"] | components["schemas"]["RevokedApiKeyError"] | components["schemas"]["ExpiredApiKeyError"] | components["schemas"]["WrongEnvironmentError"] | components["schemas"]["InvalidTokenError"] | components["schemas"]["ExpiredTokenError"] | components["schemas"]["RevokedTokenError"] | components["schemas"]["WrongResourceError"];
                    };
                };
            };
            /** @description Error codes: ip_not_allowed, api_disabled, insufficient_permission */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IpNotAllowedError"] | components["schemas"]["ApiDisabledError"] | components["schemas"]["InsufficientPermissionError"];
                    };
                };
            };
            /** @description Error codes: account_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["AccountNotFoundError"];
                    };
                };
            };
            /** @description Error codes: operation_in_progress */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["OperationInProgressError"];
                    };
                };
            };
            /** @description Error codes: payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["PayloadTooLargeError"];
                    };
                };
            };
            /** @description Error codes: uri_too_long */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UriTooLongError"];
                    };
                };
            };
            /** @description Error codes: unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UnsupportedMediaTypeError"];
                    };
                };
            };
            /** @description Error codes: idempotency_key_reused */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IdempotencyKeyReusedError"];
                    };
                };
            };
            /** @description Error codes: rate_limited */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["RateLimitedError"];
                    };
                };
            };
            /** @description Error codes: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InternalError"];
                    };
                };
            };
            /** @description Error codes: not_ready, capacity, environment_disabled */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["NotReadyError"] | components["schemas"]["CapacityError"] | components["schemas"]["EnvironmentDisabledError"];
                    };
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteWebhookResponse"];
                };
            };
            /** @description Error codes: invalid_request, invalid_parameter */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InvalidRequestError"] | components["schemas"]["InvalidParameterError"];
                    };
                };
            };
            /** @description Error codes: missing_api_key, invalid_api_key, revoked_api_key, expired_api_key, wrong_environment, invalid_token, expired_token, revoked_token, wrong_resource */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["MissingApiKeyError"] | components["schemas"]["InvalidApiKeyError"] | components["schemas"]["RevokedApiKeyError"] | components["schemas"]["ExpiredApiKeyError"] | components["schemas"]["WrongEnvironmentError"] | components["schemas"]["InvalidTokenError"] | components["schemas"]["ExpiredTokenError"] | components["schemas"]["RevokedTokenError"] | components["schemas"]["WrongResourceError"];
                    };
                };
            };
            /** @description Error codes: ip_not_allowed, api_disabled, insufficient_permission */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IpNotAllowedError"] | components["schemas"]["ApiDisabledError"] | components["schemas"]["InsufficientPermissionError"];
                    };
                };
            };
            /** @description Error codes: webhook_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["WebhookNotFoundError"];
                    };
                };
            };
            /** @description Error codes: uri_too_long */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UriTooLongError"];
                    };
                };
            };
            /** @description Error codes: rate_limited */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["RateLimitedError"];
                    };
                };
            };
            /** @description Error codes: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InternalError"];
                    };
                };
            };
            /** @description Error codes: not_ready, capacity, environment_disabled */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["NotReadyError"] | components["schemas"]["CapacityError"] | components["schemas"]["EnvironmentDisabledError"];
                    };
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                limit?: number;
                after?: string;
            };
            header?: never;
            path: {
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryList"];
                };
            };
            /** @description Error codes: invalid_request, unknown_field, invalid_parameter, invalid_cursor */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InvalidRequestError"] | components["schemas"]["UnknownFieldError"] | components["schemas"]["InvalidParameterError"] | components["schemas"]["InvalidCursorError"];
                    };
                };
            };
            /** @description Error codes: missing_api_key, invalid_api_key, revoked_api_key, expired_api_key, wrong_environment, invalid_token, expired_token, revoked_token, wrong_resource */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["MissingApiKeyError"] | components["schemas"]["InvalidApiKeyError"] | components["schemas"]["RevokedApiKeyError"] | components["schemas"]["ExpiredApiKeyError"] | components["schemas"]["WrongEnvironmentError"] | components["schemas"]["InvalidTokenError"] | components["schemas"]["ExpiredTokenError"] | components["schemas"]["RevokedTokenError"] | components["schemas"]["WrongResourceError"];
                    };
                };
            };
            /** @description Error codes: ip_not_allowed, api_disabled */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IpNotAllowedError"] | components["schemas"]["ApiDisabledError"];
                    };
                };
            };
            /** @description Error codes: webhook_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["WebhookNotFoundError"];
                    };
                };
            };
            /** @description Error codes: uri_too_long */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UriTooLongError"];
                    };
                };
            };
            /** @description Error codes: rate_limited */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["RateLimitedError"];
                    };
                };
            };
            /** @description Error codes: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InternalError"];
                    };
                };
            };
            /** @description Error codes: not_ready, capacity, environment_disabled */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["NotReadyError"] | components["schemas"]["CapacityError"] | components["schemas"]["EnvironmentDisabledError"];
                    };
                };
            };
        };
    };
    listSignals: {
        parameters: {
            query?: {
                limit?: number;
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignalList"];
                };
            };
            /** @description Error codes: invalid_request, unknown_field, invalid_parameter, invalid_cursor */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InvalidRequestError"] | components["schemas"]["UnknownFieldError"] | components["schemas"]["InvalidParameterError"] | components["schemas"]["InvalidCursorError"];
                    };
                };
            };
            /** @description Error codes: missing_api_key, invalid_api_key, revoked_api_key, expired_api_key, wrong_environment, invalid_token, expired_token, revoked_token, wrong_resource */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["MissingApiKeyError"] | components["schemas"]["InvalidApiKeyError"] | components["schemas"]["RevokedApiKeyError"] | components["schemas"]["ExpiredApiKeyError"] | components["schemas"]["WrongEnvironmentError"] | components["schemas"]["InvalidTokenError"] | components["schemas"]["ExpiredTokenError"] | components["schemas"]["RevokedTokenError"] | components["schemas"]["WrongResourceError"];
                    };
                };
            };
            /** @description Error codes: ip_not_allowed, api_disabled */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IpNotAllowedError"] | components["schemas"]["ApiDisabledError"];
                    };
                };
            };
            /** @description Error codes: uri_too_long */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UriTooLongError"];
                    };
                };
            };
            /** @description Error codes: rate_limited */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["RateLimitedError"];
                    };
                };
            };
            /** @description Error codes: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InternalError"];
                    };
                };
            };
            /** @description Error codes: not_ready, capacity, environment_disabled */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["NotReadyError"] | components["schemas"]["CapacityError"] | components["schemas"]["EnvironmentDisabledError"];
                    };
                };
            };
        };
    };
    createSignal: {
        parameters: {
            query?: never;
            header: {
                /** @description 1 to 128 printable ASCII characters, unique per intended call; a retry with the same key and request answers the first result (kept 24 h). */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignalRequest"];
            };
        };
        responses: {
            /** @description An alert URL and its fences (docs/SIGNALS.md) */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Signal"];
                };
            };
            /** @description Error codes: invalid_request, invalid_json, unknown_field, idempotency_key_required, invalid_idempotency_key */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InvalidRequestError"] | components["schemas"]["InvalidJsonError"] | components["schemas"]["UnknownFieldError"] | components["schemas"]["IdempotencyKeyRequiredError"] | components["schemas"]["InvalidIdempotencyKeyError"];
                    };
                };
            };
            /** @description Error codes: missing_api_key, invalid_api_key, revoked_api_key, expired_api_key, wrong_environment, invalid_token, expired_token, revoked_token, wrong_resource */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["MissingApiKeyError"] | components["schemas"]["InvalidApiKeyError"] | components["schemas"]["RevokedApiKeyError"] | components["schemas"]["ExpiredApiKeyError"] | components["schemas"]["WrongEnvironmentError"] | components["schemas"]["InvalidTokenError"] | components["schemas"]["ExpiredTokenError"] | components["schemas"]["RevokedTokenError"] | components["schemas"]["WrongResourceError"];
                    };
                };
            };
            /** @description Error codes: ip_not_allowed, api_disabled, insufficient_permission */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IpNotAllowedError"] | components["schemas"]["ApiDisabledError"] | components["schemas"]["InsufficientPermissionError"];
                    };
                };
            };
            /** @description Error codes: account_not_found, market_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["AccountNotFoundError"] | components["schemas"]["MarketNotFoundError"];
                    };
                };
            };
            /** @description Error codes: operation_in_progress */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["OperationInProgressError"];
                    };
                };
            };
            /** @description Error codes: payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["PayloadTooLargeError"];
                    };
                };
            };
            /** @description Error codes: uri_too_long */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UriTooLongError"];
                    };
                };
            };
            /** @description Error codes: unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UnsupportedMediaTypeError"];
                    };
                };
            };
            /** @description Error codes: idempotency_key_reused, email_code_required, invalid_email_code */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IdempotencyKeyReusedError"] | components["schemas"]["EmailCodeRequiredError"] | components["schemas"]["InvalidEmailCodeError"];
                    };
                };
            };
            /** @description Error codes: rate_limited */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["RateLimitedError"];
                    };
                };
            };
            /** @description Error codes: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InternalError"];
                    };
                };
            };
            /** @description Error codes: not_ready, capacity, environment_disabled */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["NotReadyError"] | components["schemas"]["CapacityError"] | components["schemas"]["EnvironmentDisabledError"];
                    };
                };
            };
        };
    };
    revokeSignal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                signal_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An alert URL and its fences (docs/SIGNALS.md) */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Signal"];
                };
            };
            /** @description Error codes: invalid_request, invalid_parameter */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InvalidRequestError"] | components["schemas"]["InvalidParameterError"];
                    };
                };
            };
            /** @description Error codes: missing_api_key, invalid_api_key, revoked_api_key, expired_api_key, wrong_environment, invalid_token, expired_token, revoked_token, wrong_resource */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["MissingApiKeyError"] | components["schemas"]["InvalidApiKeyError"] | components["schemas"]["RevokedApiKeyError"] | components["schemas"]["ExpiredApiKeyError"] | components["schemas"]["WrongEnvironmentError"] | components["schemas"]["InvalidTokenError"] | components["schemas"]["ExpiredTokenError"] | components["schemas"]["RevokedTokenError"] | components["schemas"]["WrongResourceError"];
                    };
                };
            };
            /** @description Error codes: ip_not_allowed, api_disabled, insufficient_permission */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IpNotAllowedError"] | components["schemas"]["ApiDisabledError"] | components["schemas"]["InsufficientPermissionError"];
                    };
                };
            };
            /** @description Error codes: signal_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["SignalNotFoundError"];
                    };
                };
            };
            /** @description Error codes: uri_too_long */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UriTooLongError"];
                    };
                };
            };
            /** @description Error codes: rate_limited */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["RateLimitedError"];
                    };
                };
            };
            /** @description Error codes: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InternalError"];
                    };
                };
            };
            /** @description Error codes: not_ready, capacity, environment_disabled */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["NotReadyError"] | components["schemas"]["CapacityError"] | components["schemas"]["EnvironmentDisabledError"];
                    };
                };
            };
        };
    };
    listSignalDeliveries: {
        parameters: {
            query?: {
                limit?: number;
                after?: string;
            };
            header?: never;
            path: {
                signal_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AlertList"];
                };
            };
            /** @description Error codes: invalid_request, unknown_field, invalid_parameter, invalid_cursor */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InvalidRequestError"] | components["schemas"]["UnknownFieldError"] | components["schemas"]["InvalidParameterError"] | components["schemas"]["InvalidCursorError"];
                    };
                };
            };
            /** @description Error codes: missing_api_key, invalid_api_key, revoked_api_key, expired_api_key, wrong_environment, invalid_token, expired_token, revoked_token, wrong_resource */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["MissingApiKeyError"] | components["schemas"]["InvalidApiKeyError"] | components["schemas"]["RevokedApiKeyError"] | components["schemas"]["ExpiredApiKeyError"] | components["schemas"]["WrongEnvironmentError"] | components["schemas"]["InvalidTokenError"] | components["schemas"]["ExpiredTokenError"] | components["schemas"]["RevokedTokenError"] | components["schemas"]["WrongResourceError"];
                    };
                };
            };
            /** @description Error codes: ip_not_allowed, api_disabled */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["IpNotAllowedError"] | components["schemas"]["ApiDisabledError"];
                    };
                };
            };
            /** @description Error codes: signal_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["SignalNotFoundError"];
                    };
                };
            };
            /** @description Error codes: uri_too_long */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UriTooLongError"];
                    };
                };
            };
            /** @description Error codes: rate_limited */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["RateLimitedError"];
                    };
                };
            };
            /** @description Error codes: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InternalError"];
                    };
                };
            };
            /** @description Error codes: not_ready, capacity, environment_disabled */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["NotReadyError"] | components["schemas"]["CapacityError"] | components["schemas"]["EnvironmentDisabledError"];
                    };
                };
            };
        };
    };
    receiveAlert: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                secret: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReceiveAlertRequest"];
            };
        };
        responses: {
            /** @description An alert taken: the work follows (GET /v1/signals/{id}/deliveries shows it) */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AlertAccepted"];
                };
            };
            /** @description Error codes: invalid_request, invalid_json, unknown_field, invalid_parameter */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InvalidRequestError"] | components["schemas"]["InvalidJsonError"] | components["schemas"]["UnknownFieldError"] | components["schemas"]["InvalidParameterError"];
                    };
                };
            };
            /** @description Error codes: signal_expired */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["SignalExpiredError"];
                    };
                };
            };
            /** @description Error codes: signal_not_found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["SignalNotFoundError"];
                    };
                };
            };
            /** @description Error codes: payload_too_large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["PayloadTooLargeError"];
                    };
                };
            };
            /** @description Error codes: uri_too_long */
            414: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UriTooLongError"];
                    };
                };
            };
            /** @description Error codes: unsupported_media_type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["UnsupportedMediaTypeError"];
                    };
                };
            };
            /** @description Error codes: rate_limited */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["RateLimitedError"];
                    };
                };
            };
            /** @description Error codes: internal_error */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["InternalError"];
                    };
                };
            };
            /** @description Error codes: not_ready, capacity, environment_disabled */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error: components["schemas"]["NotReadyError"] | components["schemas"]["CapacityError"] | components["schemas"]["EnvironmentDisabledError"];
                    };
                };
            };
        };
    };
}
