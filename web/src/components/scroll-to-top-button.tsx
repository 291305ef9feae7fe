/** 'Прокрутить наверх': appears after 300 px of scrolling and scrolls smoothly to the top. */
import { IconButton } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { ArrowUpIcon } from './icons';
import { BREAKPOINTS } from '@/config/ui';

/** A CSS variable with the height of a bar pinned to the bottom of the viewport (0 when none). */
export const BOTTOM_BAR_VAR = '--bottom-bar-height';
/** How far that bar is raised off the bottom (it stands on the footer once the footer shows). */
export const BOTTOM_BAR_LIFT_VAR = '--bottom-bar-lift';

export function ScrollToTopButton() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const check = () => setShown(window.scrollY > BREAKPOINTS.scrollToTopPx);
    check();
    window.addEventListener('scroll', check, { passive: true });
    return () => window.removeEventListener('scroll', check);
  }, []);
  if (!shown) return null;
  return (
    <IconButton
      aria-label="Прокрутить наверх"
      title="Прокрутить наверх"
      position="fixed"
      right={{ base: '4', md: '6' }}
      bottom={`calc(var(${BOTTOM_BAR_VAR}, 0px) + var(${BOTTOM_BAR_LIFT_VAR}, 0px) + 1.5rem)`}
      zIndex="overlay"
      borderRadius="full"
      colorPalette="blue"
      shadow="lg"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <ArrowUpIcon />
    </IconButton>
  );
}
