import { Center, Stack, ThemeIcon, Title, type MantineColor } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { scrollPageToTop } from '../../components/page-scroll';

export interface StatusNoticeProps {
  icon: ReactNode;
  color: MantineColor;
  title: string;
  children: ReactNode;
}

/**
 * The look of a page with no contract to show (invalid link, expired, declined, withdrawn): an
 * icon, a heading and a few lines, centered. It often replaces the page after an action (a decline,
 * a reload after 409), so it brings itself into view and its heading to screen readers.
 */
export function StatusNotice({ icon, color, title, children }: StatusNoticeProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    scrollPageToTop();
    headingRef.current?.focus({ preventScroll: true });
  }, []);

  return (
    <Center py={64}>
      <Stack align="center" gap="sm" maw={420} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color={color} aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={1} size="h2" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
          {title}
        </Title>
        {children}
      </Stack>
    </Center>
  );
}
