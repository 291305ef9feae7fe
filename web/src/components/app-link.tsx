/** A Chakra-styled link that navigates inside the app. */
import { Link, type LinkProps } from '@chakra-ui/react';
import { Link as RouterLink, type To } from 'react-router-dom';

export function AppLink({ to, children, ...props }: LinkProps & { to: To }) {
  return (
    <Link asChild colorPalette="blue" color="colorPalette.700" {...props}>
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}
