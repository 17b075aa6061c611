import { act, render, renderHook, screen } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { SidebarProvider, useSidebar } from './sidebar-context';

function Probe() {
  const { isDrawer, drawerOpen, openDrawer } = useSidebar();
  const navigate = useNavigate();
  return (
    <div>
      <p>drawer:{String(isDrawer)}</p>
      <p>open:{String(drawerOpen)}</p>
      <button type="button" onClick={openDrawer}>
        open
      </button>
      <button type="button" onClick={() => navigate('/modules/crm')}>
        go
      </button>
    </div>
  );
}

function renderAt(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  return render(
    <MemoryRouter>
      <SidebarProvider>
        <Probe />
      </SidebarProvider>
    </MemoryRouter>,
  );
}

describe('SidebarProvider', () => {
  it('is fixed on desktop', () => {
    renderAt(1280);
    expect(screen.getByText('drawer:false')).toBeTruthy();
  });

  it('is a drawer on phones that Escape and navigation close', () => {
    renderAt(375);
    expect(screen.getByText('drawer:true')).toBeTruthy();
    act(() => screen.getByText('open').click());
    expect(screen.getByText('open:true')).toBeTruthy();
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    });
    expect(screen.getByText('open:false')).toBeTruthy();
    act(() => screen.getByText('open').click());
    act(() => screen.getByText('go').click());
    expect(screen.getByText('open:false')).toBeTruthy();
  });

  it('throws the documented message outside its provider', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useSidebar())).toThrow('useSidebar must be used within a SidebarProvider');
  });
});
