import { Group } from '@visx/group';
import { Pie } from '@visx/shape';
import { Banner } from '../../../components/banner';
import { LoadingState } from '../../../components/states';
import { Panel } from '../../../components/panel';
import type { StatusSlice } from '../patient-status';
import styles from './patient-status-chart.module.css';

type PatientStatusChartProps = {
  slices: StatusSlice[] | undefined;
  isLoading: boolean;
  failed: boolean;
  /** True while the realtime connection is up: the chart then follows live events. */
  isLive: boolean;
};

const SIZE = 200;

/** Patients Status Overview: a donut of real patient counts by status with its legend table (product-spec-1 §2). */
export function PatientStatusChart({ slices, isLoading, failed, isLive }: PatientStatusChartProps) {
  return (
    <Panel title="Patients Status Overview" badge={isLive ? <span className={styles.live}>Live</span> : null}>
      {isLoading && !slices ? (
        <LoadingState label="Loading patient statuses..." />
      ) : failed ? (
        <Banner tone="warning">Unable to load real-time data</Banner>
      ) : !slices || slices.length === 0 ? (
        <div className={styles.empty}>
          <strong>No patients yet</strong>
          <span>The chart fills in as patients are registered.</span>
        </div>
      ) : (
        <div className={styles.body}>
          <Donut slices={slices} />
          <table className={styles.legend} aria-label="Patients by status">
            <thead>
              <tr>
                <th scope="col">Status</th>
                <th scope="col">Counts</th>
                <th scope="col">%</th>
              </tr>
            </thead>
            <tbody>
              {slices.map((slice) => (
                <tr key={slice.status}>
                  <td>
                    <span className={styles.swatch} style={{ background: slice.color }} aria-hidden="true" />
                    {slice.label}
                  </td>
                  <td>{slice.count}</td>
                  <td>{slice.percent}%</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}

function Donut({ slices }: { slices: StatusSlice[] }) {
  const radius = SIZE / 2;
  const total = slices.reduce((sum, s) => sum + s.count, 0);
  const summary = slices.map((s) => `${s.label} ${s.count}`).join(', ');
  return (
    <svg
      width={SIZE}
      height={SIZE}
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      role="img"
      aria-label={`Patients by status: ${summary}`}
    >
      <Group top={radius} left={radius}>
        <Pie data={slices} pieValue={(s) => s.count} outerRadius={radius} innerRadius={radius * 0.6} padAngle={0.01}>
          {(pie) => pie.arcs.map((arc) => <path key={arc.data.status} d={pie.path(arc) ?? ''} fill={arc.data.color} />)}
        </Pie>
        <text textAnchor="middle" dy="-0.1em" className={styles.total}>
          {total}
        </text>
        <text textAnchor="middle" dy="1.3em" className={styles.totalLabel}>
          patients
        </text>
      </Group>
    </svg>
  );
}
