import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ModuleFrame } from './module-frame';
import { ThemeModeProvider } from './theme-mode';

const healthcare = {
  id: 'healthcare',
  name: 'Healthcare',
  description: 'Patients and appointments.',
  submodules: [
    { id: 'patients', name: 'Patients' },
    { id: 'appointments', name: 'Appointments' },
  ],
};

function renderAt(path: string) {
  return render(
    <ThemeModeProvider initialMode="light">
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/modules/:moduleId/*"
            element={<ModuleFrame module={healthcare} basePath="/modules/healthcare" />}
          />
        </Routes>
      </MemoryRouter>
    </ThemeModeProvider>,
  );
}

describe('ModuleFrame', () => {
  it('shows the overview with one card link per submodule', () => {
    renderAt('/modules/healthcare');
    expect(screen.getByRole('heading', { level: 2, name: 'Healthcare' })).toBeTruthy();
    expect(screen.getByText('Patients and appointments.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Patients/ }).getAttribute('href')).toBe(
      '/modules/healthcare/patients',
    );
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('shows a submodule with breadcrumbs Dashboard › Module › Submodule', () => {
    renderAt('/modules/healthcare/patients');
    expect(screen.getByRole('heading', { level: 2, name: 'Patients' })).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs.textContent).toBe('DashboardHealthcarePatients');
    expect(screen.getByRole('link', { name: 'Healthcare' }).getAttribute('href')).toBe('/modules/healthcare');
  });

  it('answers an unknown submodule with a not-found screen', () => {
    renderAt('/modules/healthcare/nope');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
