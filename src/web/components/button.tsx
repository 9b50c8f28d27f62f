import { Button as AriaButton, Link as AriaLink, type ButtonProps, type LinkProps } from 'react-aria-components';
import styles from './button.module.css';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';
type Look = { variant?: Variant; size?: 'small' | 'normal' };

function classes({ variant = 'primary', size = 'normal' }: Look, extra?: string) {
  return [styles.button, styles[variant], size === 'small' ? styles.small : '', extra ?? ''].join(' ').trim();
}

export function Button({ variant, size, className, ...props }: ButtonProps & Look & { className?: string }) {
  return <AriaButton {...props} className={classes({ variant, size }, className)} />;
}

/** A link styled as a button (navigation, not an action). */
export function ButtonLink({ variant, size, className, ...props }: LinkProps & Look & { className?: string }) {
  return <AriaLink {...props} className={classes({ variant, size }, className)} />;
}
