import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { Breadcrumbs } from './breadcrumbs';
import { PageTrail, PageTrailProvider, useCurrentPlace } from './page-trail';
import { placeOf } from './place';
import { lightTheme } from './theme';

describe('placeOf', () => {
  it('names the module, then the page, and titles the tab page first', () => {
    expect(
      placeOf([
        { label: 'Dashboard', to: '/dashboard' },
        { label: 'Healthcare', to: '/h' },
        { label: 'Patients' },
      ]),
    ).toEqual({ heading: ['Healthcare', 'Patients'], documentTitle: 'Patients · Healthcare · Tessera' });
  });

  it('keeps module and last crumb of a deeper trail', () => {
    expect(
      placeOf([
        { label: 'Dashboard', to: '/dashboard' },
        { label: 'CRM', to: '/modules/crm' },
        { label: 'Email Campaigns', to: '/modules/crm/campaigns' },
        { label: 'New Campaign' },
      ]).heading,
    ).toEqual(['CRM', 'New Campaign']);
  });

  it('says Dashboard without a trail and names a page of the shell alone', () => {
    expect(placeOf(null)).toEqual({ heading: ['Dashboard'], documentTitle: 'Dashboard · Tessera' });
    expect(placeOf([{ label: 'Dashboard', to: '/dashboard' }, { label: 'Profile' }])).toEqual({
      heading: ['Profile'],
      documentTitle: 'Profile · Tessera',
    });
  });
});

function Heading() {
  return <h1>{useCurrentPlace().heading.join(' › ')}</h1>;
}

describe('PageTrailProvider', () => {
  it('follows the deepest breadcrumb on screen and titles the document', () => {
    const { unmount } = render(
      <ThemeProvider theme={lightTheme}>
        <MemoryRouter>
          <PageTrailProvider>
            <Heading />
            <PageTrail crumbs={[{ label: 'Dashboard', to: '/dashboard' }, { label: 'Healthcare' }]} />
            <Breadcrumbs
              items={[
                { label: 'Dashboard', to: '/dashboard' },
                { label: 'Healthcare', to: '/modules/healthcare' },
                { label: 'Patients' },
              ]}
            />
          </PageTrailProvider>
        </MemoryRouter>
      </ThemeProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Healthcare › Patients');
    expect(document.title).toBe('Patients · Healthcare · Tessera');
    unmount();
  });
});
