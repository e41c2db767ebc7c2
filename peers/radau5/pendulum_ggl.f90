! pendulum_ggl.f90 -- daebench's driver (own code) of Hairer-Wanner's RADAU5
! (deSolve 1.34's copy, fetched by scripts/fortran_peer.sh) on the mathematical
! pendulum in GGL form (index 2), the run pendulum-GGL-radau5 of scripts/cost.sh
! (daebench -p pendulum -f GGL -s radau5 --tol 1e-8):
!   y = (p1, p2, v1, v2, lam, eta), n = 6
!   p'   = v - G^T eta
!   m v' = -m g e2 - G^T lam
!   0    = g(p)  = p.p - L^2          (as daebench: no 1/2, G = 2 p^T)
!   0    = G v   = 2 p.v
! E = diag(1,1,m,m,0,0); IWORK(5..7) = (4,2,0); analytic Jacobian (IJAC=1);
! rtol = atol = 1e-8 (scalar, ITOL=0); h0 = 0 (RADAU5's default 1e-6); t in [0,5];
! p0 = (0,-L), v0 = (2.8,0), lam0 = m (v.v - g p2)/(2 p.p), eta0 = 0.
! usage: pendulum_ggl [NREP [MAS]]
!   NREP  integrations in a row (default 1); 0: as many as take 50 ms of CPU
!   MAS   0: E stored banded-diagonal, MLMAS = MUMAS = 0 (default);
!         1: E stored as a full 6x6 matrix (MLMAS = N)
! Prints RADAU5's statistics, the end state and the CPU time per accepted step
! (us_per_step_mean: the mean over the integrations); exit status 1 when RADAU5
! fails, 2 on a bad argument.
module pend_par
  implicit none
  double precision, parameter :: grav = 13.75d0, pm = 1.d0, plen = 1.d0
end module pend_par

subroutine fpend(n, x, y, f, rpar, ipar)
  use pend_par
  implicit none
  integer n, ipar(*)
  double precision x, y(n), f(n), rpar(*)
  f(1) = y(3) - 2.d0*y(1)*y(6)
  f(2) = y(4) - 2.d0*y(2)*y(6)
  f(3) = -2.d0*y(1)*y(5)
  f(4) = -pm*grav - 2.d0*y(2)*y(5)
  f(5) = y(1)*y(1) + y(2)*y(2) - plen*plen
  f(6) = 2.d0*(y(1)*y(3) + y(2)*y(4))
end subroutine

subroutine jpend(n, x, y, ml, mu, dfy, ldfy, rpar, ipar)
  implicit none
  integer n, ml, mu, ldfy, ipar(*)
  double precision x, y(n), dfy(ldfy, n), rpar(*)
  dfy(1:6, 1:6) = 0.d0
  dfy(1,1) = -2.d0*y(6); dfy(1,3) = 1.d0; dfy(1,6) = -2.d0*y(1)
  dfy(2,2) = -2.d0*y(6); dfy(2,4) = 1.d0; dfy(2,6) = -2.d0*y(2)
  dfy(3,1) = -2.d0*y(5); dfy(3,5) = -2.d0*y(1)
  dfy(4,2) = -2.d0*y(5); dfy(4,5) = -2.d0*y(2)
  dfy(5,1) = 2.d0*y(1);  dfy(5,2) = 2.d0*y(2)
  dfy(6,1) = 2.d0*y(3);  dfy(6,2) = 2.d0*y(4)
  dfy(6,3) = 2.d0*y(1);  dfy(6,4) = 2.d0*y(2)
end subroutine

subroutine mpend(n, am, lmas, rpar, ipar)
  use pend_par
  implicit none
  integer n, lmas, ipar(*)
  double precision am(lmas, n), rpar(*)
  if (lmas == 1) then
    am(1, 1:n) = (/ 1.d0, 1.d0, pm, pm, 0.d0, 0.d0 /)   ! banded: am(1,j) = E(j,j)
  else
    am(1:n, 1:n) = 0.d0
    am(1,1) = 1.d0; am(2,2) = 1.d0; am(3,3) = pm; am(4,4) = pm
  end if
end subroutine

program pendulum_ggl
  use pend_par
  use peer_util
  implicit none
  integer, parameter :: n = 6, lwork = n*(5*n + 12) + 20, liwork = 3*n + 20
  double precision y(n), work(lwork), rtol(1), atol(1), rpar(1), x, xend, h, t0, ttot
  double precision, allocatable :: ts(:)
  integer iwork(liwork), ipar(1), idid, nrep, k, mfull
  integer itol, ijac, mljac, mujac, imas, mlmas, mumas, iout
  external fpend, jpend, mpend, soldum
  nrep = iarg(1, 1, 0, 100000000)
  mfull = iarg(2, 0, 0, 1)
  k = 0; ttot = 0.d0; idid = 0
  do while (more(k, nrep, ttot))
    t0 = cpusec()
    y = (/ 0.d0, -plen, 2.8d0, 0.d0, 0.d0, 0.d0 /)
    y(5) = pm*(y(3)**2 + y(4)**2 - grav*y(2)) / (2.d0*(y(1)**2 + y(2)**2))
    x = 0.d0; xend = 5.d0; h = 0.d0
    rtol(1) = 1.d-8; atol(1) = 1.d-8
    work(1:20) = 0.d0; iwork(1:20) = 0
    iwork(5) = 4; iwork(6) = 2; iwork(7) = 0
    ! variables, not constants: RADAU5 may write to its integer arguments
    itol = 0; ijac = 1; mljac = n; mujac = 0
    imas = 1; mlmas = merge(n, 0, mfull == 1); mumas = 0; iout = 0
    call radau5(n, fpend, x, y, xend, h, rtol, atol, itol, jpend, ijac, mljac, mujac, &
                mpend, imas, mlmas, mumas, soldum, iout, work, lwork, iwork, liwork, rpar, ipar, idid)
    call integrated('pendulum_ggl', idid, ts, k, ttot, t0)
  end do
  call report_counts(idid, iwork)
  write(*,'(a,es24.16)') 't=', x
  write(*,'(a,6es24.16)') 'y=', y
  call report_timing(ts, k, iwork(17))
end program
