import { Button, type ButtonProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

function ButtonAnchor(props: ButtonProps & Omit<ComponentPropsWithRef<'a'>, keyof ButtonProps>) {
  return <Button component="a" {...props} />;
}

/** A Mantine button that is a typed router link (search params and all). */
export const ButtonLink = createLink(ButtonAnchor);
