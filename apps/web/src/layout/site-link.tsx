import { Link } from '@tanstack/react-router';
import { forwardRef } from 'react';
import { isExternal } from './site-map';

type Props = Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/**
 * A link to a path of this site or another. In-app paths without a query go through the router (client-side);
 * other sites and paths with a query are plain anchors.
 */
export const SiteLink = forwardRef<HTMLAnchorElement, Props>(function SiteLink({ to, children, ...rest }, ref) {
  if (isExternal(to) || to.includes('?')) {
    return (
      <a ref={ref} href={to} {...(isExternal(to) ? { target: '_blank', rel: 'noopener noreferrer' } : {})} {...rest}>
        {children}
      </a>
    );
  }
  return (
    <Link ref={ref} to={to as never} {...rest}>
      {children}
    </Link>
  );
});
