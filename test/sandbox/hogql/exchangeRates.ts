// PostHog's exchange-rate dictionary and the convertCurrency(...) it serves, on chDB.
// Follows posthog/models/exchange_rate/sql.py @a51d9bfffa9877044146a09dc5d71b1eaffda734
// (EXCHANGE_RATE_DICTIONARY_SQL, EXCHANGE_RATE_DICTIONARY_QUERY) and the convertCurrency branch of
// the ClickHouse printer's visit_call (posthog/hogql/printer/, the newest the code index holds,
// id 54502309406, no commit given: it prints toDecimal128 at EXCHANGE_RATE_DECIMAL_PRECISION;
// older ones print toDecimal64).
// chDB creates a dictionary with a local CLICKHOUSE source (no host: the query runs in-process),
// so the printed SQL is PostHog's, dictGet and all.

/** exchange_rate_constants.py EXCHANGE_RATE_DECIMAL_PRECISION */
const SCALE = 10;
/** The sandbox's chDB database, where PostHog prints settings.CLICKHOUSE_DATABASE. */
const DICTIONARY = "`default`.`exchange_rate_dict`";

/**
 * RANGE_HASHED by currency: each rate holds from its date until the currency's next one (NULL,
 * open, for the newest), so a date between two rates gets the earlier, and a date before a
 * currency's first rate gets none (dictGetOrDefault's 0).
 */
export const EXCHANGE_RATE_DICTIONARY_SQL = `CREATE DICTIONARY exchange_rate_dict (
        currency String, start_date Date, end_date Nullable(Date), rate Decimal64(${SCALE})
    )
    PRIMARY KEY currency
    SOURCE(CLICKHOUSE(QUERY 'SELECT currency, date AS start_date, leadInFrame(date::Nullable(Date), 1, NULL::Nullable(Date)) OVER w AS end_date, argMax(rate, version) AS rate FROM exchange_rate GROUP BY date, currency WINDOW w AS (PARTITION BY currency ORDER BY date ASC ROWS BETWEEN 1 FOLLOWING AND 1 FOLLOWING)'))
    LIFETIME(MIN 3000 MAX 3600)
    LAYOUT(RANGE_HASHED(range_lookup_strategy 'max'))
    RANGE(MIN start_date MAX end_date)`;

/**
 * convertCurrency(from, to, amount[, date]) over printed arguments: the amount divided by the
 * source currency's rate to USD and multiplied by the target's, on the given date or today.
 * The same currency returns the amount; an unknown source currency gives 0, an unknown target
 * multiplies by 0. The source rate is looked up behind if() a second time so that ClickHouse's
 * old analyzer, which evaluates every branch, never divides by zero.
 */
export function printConvertCurrency(args: string[]): string {
    const [from, to, amount] = args;
    const date = args[3] || "today()";
    const rate = (currency: string) =>
        `dictGetOrDefault(${DICTIONARY}, 'rate', ${currency}, ${date}, toDecimal64(0, ${SCALE}))`;
    const safeFrom = `if(${rate(from)} = 0, toDecimal128(1, ${SCALE}), ${rate(from)})`;
    return (
        `if(equals(${from}, ${to}), toDecimal128(${amount}, ${SCALE}), ` +
        `if(${rate(from)} = 0, toDecimal128(0, ${SCALE}), ` +
        `multiplyDecimal(divideDecimal(toDecimal128(${amount}, ${SCALE}), ${safeFrom}), ${rate(to)})))`
    );
}
