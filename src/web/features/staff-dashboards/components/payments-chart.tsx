import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { BarStack } from '@visx/shape';
import { formatNaira } from '../../../../shared/money';
import type { PaymentsDay } from '../api/billing-api';
import styles from './payments-chart.module.css';

const METHODS = ['cash', 'pos', 'transfer', 'hmo'] as const;
type Method = (typeof METHODS)[number];
export const METHOD_LABELS: Record<Method, string> = { cash: 'Cash', pos: 'POS', transfer: 'Transfer', hmo: 'HMO' };
// Distinct at AA contrast against white, and told apart by the legend, not by colour alone.
const COLORS: Record<Method, string> = { cash: '#0f766e', pos: '#1d4ed8', transfer: '#b45309', hmo: '#7c3aed' };

const WIDTH = 640;
const HEIGHT = 240;
const MARGIN = { top: 12, right: 8, bottom: 28, left: 64 };

/** Totals of the period per method (kobo), for the legend and the chart's text alternative. */
export function totalsByMethod(days: PaymentsDay[]): Record<Method, number> {
  const totals = { cash: 0, pos: 0, transfer: 0, hmo: 0 };
  for (const d of days) for (const m of METHODS) totals[m] += d[m];
  return totals;
}

/** Payments per day for the last 30 days, stacked by method (visx). Naira on the axis, kobo in the data. */
export function PaymentsChart({ days }: { days: PaymentsDay[] }) {
  const totals = totalsByMethod(days);
  const max = Math.max(1, ...days.map((d) => METHODS.reduce((n, m) => n + d[m], 0)));
  const x = scaleBand({
    domain: days.map((d) => d.date),
    range: [0, WIDTH - MARGIN.left - MARGIN.right],
    padding: 0.2,
  });
  const y = scaleLinear({ domain: [0, max], range: [HEIGHT - MARGIN.top - MARGIN.bottom, 0], nice: true });
  const color = (m: Method) => COLORS[m];
  const summary = METHODS.map((m) => `${METHOD_LABELS[m]} ${formatNaira(totals[m])}`).join(', ');
  return (
    <figure className={styles.figure}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className={styles.chart}
        role="img"
        aria-label={`Payments per day for the last ${days.length} days by method: ${summary}`}
      >
        <Group left={MARGIN.left} top={MARGIN.top}>
          <BarStack<PaymentsDay, Method>
            data={days}
            keys={[...METHODS]}
            x={(d) => d.date}
            xScale={x}
            yScale={y}
            color={color}
          >
            {(stacks) =>
              stacks.map((stack) =>
                stack.bars.map((bar) => (
                  <rect
                    key={`${stack.key}-${bar.index}`}
                    x={bar.x}
                    y={bar.y}
                    width={bar.width}
                    height={Math.max(0, bar.height)}
                    fill={bar.color}
                  />
                )),
              )
            }
          </BarStack>
          <AxisLeft
            scale={y}
            numTicks={4}
            tickFormat={(v) => formatNaira(Number(v)).replace(/\.00$/, '')}
            tickLabelProps={{ fontSize: 10, fill: '#475569' }}
            stroke="#64748b"
            tickStroke="#64748b"
          />
          <AxisBottom
            top={HEIGHT - MARGIN.top - MARGIN.bottom}
            scale={x}
            tickValues={days.filter((_, i) => i % 7 === days.length % 7 || i === days.length - 1).map((d) => d.date)}
            tickFormat={(d) => d.slice(5)}
            tickLabelProps={{ fontSize: 10, fill: '#475569' }}
            stroke="#64748b"
            tickStroke="#64748b"
          />
        </Group>
      </svg>
      <figcaption>
        <ul className={styles.legend} aria-label="Totals by method">
          {METHODS.map((m) => (
            <li key={m}>
              <span className={styles.swatch} style={{ background: COLORS[m] }} aria-hidden="true" />
              {METHOD_LABELS[m]}: <strong>{formatNaira(totals[m])}</strong>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
