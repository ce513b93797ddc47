import type { ComponentProps } from 'react';
import styles from './button.module.css';

type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
type ButtonSize = 'small' | 'medium' | 'large';

export interface ButtonStyleOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  iconOnly?: boolean;
  className?: string;
}

/** The class list of a button, also for links that look like buttons. */
export function buttonClassName({
  variant = 'primary',
  size = 'medium',
  block = false,
  iconOnly = false,
  className,
}: ButtonStyleOptions = {}): string {
  return [
    styles.button,
    styles[variant],
    size !== 'medium' ? styles[size] : undefined,
    block ? styles.block : undefined,
    iconOnly ? styles.iconOnly : undefined,
    className,
  ]
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends ComponentProps<'button'>, Omit<ButtonStyleOptions, 'className'> {}

export function Button({ variant, size, block, iconOnly, className, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, block, iconOnly, className })}
      {...rest}
    />
  );
}
