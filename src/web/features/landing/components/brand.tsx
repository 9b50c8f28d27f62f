import { Link } from 'react-aria-components';
import { paths } from '../../../app/paths';
import { LogoMark } from './icons';
import styles from './brand.module.css';

export function Brand() {
  return (
    <Link href={paths.landing} className={styles.brand} aria-label="HMS home">
      <LogoMark />
      <span className={styles.name}>HMS</span>
    </Link>
  );
}
