import { Anchor, type AnchorProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

function AnchorElement(props: AnchorProps & Omit<ComponentPropsWithRef<'a'>, keyof AnchorProps>) {
  return <Anchor component="a" {...props} />;
}

/** A Mantine text link that is a typed router link, for links inside a line of text. */
export const AnchorLink = createLink(AnchorElement);
