! andrews_eom.f90 -- daebench's driver (own code) of Hairer-Wanner's RADAU5
! (deSolve 1.34's copy, fetched by scripts/fortran_peer.sh) on Andrews' squeezing
! mechanism in the index-3 form of the IVP test set (n = 27), the run
! andrews-EoM-radau5 of scripts/cost.sh (daebench -p andrews -f EoM -s radau5
! --tol 1e-8):  y = (q, v, w, lam), q, v, w in R^7, lam in R^6,
!   q' = v,  v' = w,  0 = f(q,v) - M(q) w - G(q)^T lam,  0 = g(q)
! (sign convention M q'' = f - G^T lam of the test set), t in [0, 0.03].
! Data and formulas: the IVP test set's description of the problem (as daebench's
! testset/andrews.c); the exact Jacobian is checked against central differences
! by JAC = 9.
! RADAU5 settings: IMAS=1 with the mass matrix of the reduced system (M1 = 14, M2 = 7:
! rows 1..14 are y_i' = y_(i+7), as daebench's radau5 eliminates them), which is the
! 13x13 zero matrix, stored banded-diagonal (MLMAS = MUMAS = 0); index components
! IWORK(5..7) = (7, 7, 13); rtol = atol = 1e-8 (scalar); h0 = 0 (default 1e-6).
! usage: andrews_eom [NREP [JAC [M1 [INIT]]]]
!   NREP  integrations in a row (default 1); 0: as many as take 50 ms of CPU
!   JAC   1: exact analytic Jacobian (default); 2: the test set's approximate
!         Jacobian (derivatives of f, M, G ignored); 0: RADAU5's own finite
!         differences (IJAC=0); 9: check the analytic Jacobian against
!         central differences and exit
!   M1    1: M1=14, M2=7 (default); 0: full 27x27 system, mass diag(1 x14, 0 x13)
!   INIT  0: q''(0), lam(0) as printed by the test set (default); 1: computed from
!         [M G^T; G 0] (q'', lam) = (f, 0) at (q0, v0 = 0), as daebench does
! Prints RADAU5's statistics, the end state and the CPU time per accepted step
! (us_per_step_mean: the mean over the integrations); exit status 1 when RADAU5
! fails, 2 on a bad argument.
module and_par
  implicit none
  double precision, parameter :: m1 = 0.04325d0, m2 = 0.00365d0, m3 = 0.02373d0, &
    m4 = 0.00706d0, m5 = 0.07050d0, m6 = 0.00706d0, m7 = 0.05498d0
  double precision, parameter :: xa = -0.06934d0, ya = -0.00227d0, xb = -0.03635d0, &
    yb = 0.03273d0, xc = 0.014d0, yc = 0.072d0, c0 = 4530.d0
  double precision, parameter :: i1 = 2.194d-6, i2 = 4.410d-7, i3 = 5.255d-6, &
    i4 = 5.667d-7, i5 = 1.169d-5, i6 = 5.667d-7, i7 = 1.912d-5
  double precision, parameter :: d = 0.028d0, da = 0.0115d0, e = 0.02d0, ea = 0.01421d0, &
    rr = 0.007d0, ra = 0.00092d0, l0 = 0.07785d0
  double precision, parameter :: ss = 0.035d0, sa = 0.01874d0, sb = 0.01043d0, &
    sc = 0.018d0, sd = 0.02d0, ta = 0.02308d0, tb = 0.00916d0
  double precision, parameter :: u = 0.04d0, ua = 0.01228d0, ub = 0.00449d0, &
    zf = 0.02d0, zt = 0.04d0, fa = 0.01421d0, mom = 0.033d0
  integer :: jmode = 1
  ! the sines and cosines of the angles and of their sums at the last q (trig)
  double precision :: sibe, cobe, sith, coth, siga, coga, siph, coph, side, code, &
    siom, coom, siep, coep, sibeth, cobeth, siphde, cophde, siomep, coomep
contains
  subroutine trig(q)
    double precision, intent(in) :: q(7)
    sibe = sin(q(1)); cobe = cos(q(1)); sith = sin(q(2)); coth = cos(q(2))
    siga = sin(q(3)); coga = cos(q(3)); siph = sin(q(4)); coph = cos(q(4))
    side = sin(q(5)); code = cos(q(5)); siom = sin(q(6)); coom = cos(q(6))
    siep = sin(q(7)); coep = cos(q(7))
    sibeth = sin(q(1)+q(2)); cobeth = cos(q(1)+q(2))
    siphde = sin(q(4)+q(5)); cophde = cos(q(4)+q(5))
    siomep = sin(q(6)+q(7)); coomep = cos(q(6)+q(7))
  end subroutine trig

  ! M(q), f(q,v), g(q), G(q) (the test set's formulas)
  subroutine model(q, v, am, f, g, gm)
    double precision, intent(in) :: q(7), v(7)
    double precision, intent(out) :: am(7,7), f(7), g(6), gm(6,7)
    double precision xd, yd, lang, force, fx, fy, s1, c1
    call trig(q)
    am = 0.d0
    am(1,1) = m1*ra**2 + m2*(rr**2 - 2.d0*da*rr*coth + da**2) + i1 + i2
    am(2,1) = m2*(da**2 - da*rr*coth) + i2
    am(1,2) = am(2,1)
    am(2,2) = m2*da**2 + i2
    am(3,3) = m3*(sa**2 + sb**2) + i3
    am(4,4) = m4*(e - ea)**2 + i4
    am(5,4) = m4*((e - ea)**2 + zt*(e - ea)*siph) + i4
    am(4,5) = am(5,4)
    am(5,5) = m4*(zt**2 + 2.d0*zt*(e - ea)*siph + (e - ea)**2) + m5*(ta**2 + tb**2) + i4 + i5
    am(6,6) = m6*(zf - fa)**2 + i6
    am(7,6) = m6*((zf - fa)**2 - u*(zf - fa)*siom) + i6
    am(6,7) = am(7,6)
    am(7,7) = m6*((zf - fa)**2 - 2.d0*u*(zf - fa)*siom + u**2) + m7*(ua**2 + ub**2) + i6 + i7
    xd = sd*coga + sc*siga + xb
    yd = sd*siga - sc*coga + yb
    lang = sqrt((xd - xc)**2 + (yd - yc)**2)
    force = -c0*(lang - l0)/lang
    fx = force*(xd - xc)
    fy = force*(yd - yc)
    f(1) = mom - m2*da*rr*v(2)*(v(2) + 2.d0*v(1))*sith
    f(2) = m2*da*rr*v(1)**2*sith
    f(3) = fx*(sc*coga - sd*siga) + fy*(sd*coga + sc*siga)
    f(4) = m4*zt*(e - ea)*v(5)**2*coph
    f(5) = -m4*zt*(e - ea)*v(4)*(v(4) + 2.d0*v(5))*coph
    f(6) = -m6*u*(zf - fa)*v(7)**2*coom
    f(7) = m6*u*(zf - fa)*v(6)*(v(6) + 2.d0*v(7))*coom
    g(1) = rr*cobe - d*cobeth - ss*siga - xb
    g(2) = rr*sibe - d*sibeth + ss*coga - yb
    g(3) = rr*cobe - d*cobeth - e*siphde - zt*code - xa
    g(4) = rr*sibe - d*sibeth + e*cophde - zt*side - ya
    g(5) = rr*cobe - d*cobeth - zf*coomep - u*siep - xa
    g(6) = rr*sibe - d*sibeth - zf*siomep + u*coep - ya
    s1 = -rr*sibe + d*sibeth
    c1 = rr*cobe - d*cobeth
    gm = 0.d0
    gm(1,1) = s1; gm(1,2) = d*sibeth;  gm(1,3) = -ss*coga
    gm(2,1) = c1; gm(2,2) = -d*cobeth; gm(2,3) = -ss*siga
    gm(3,1) = s1; gm(3,2) = d*sibeth;  gm(3,4) = -e*cophde; gm(3,5) = -e*cophde + zt*side
    gm(4,1) = c1; gm(4,2) = -d*cobeth; gm(4,4) = -e*siphde; gm(4,5) = -e*siphde - zt*code
    gm(5,1) = s1; gm(5,2) = d*sibeth;  gm(5,6) = zf*siomep; gm(5,7) = zf*siomep - u*coep
    gm(6,1) = c1; gm(6,2) = -d*cobeth; gm(6,6) = -zf*coomep; gm(6,7) = -zf*coomep - u*siep
  end subroutine model

  ! the derivative terms of the exact Jacobian: a(i,j) = d/dq_j [f - M w - G^T lam]_i,
  ! b(i,j) = d f_i / d v_j
  subroutine model_jac(q, v, w, lam, a, b)
    double precision, intent(in) :: q(7), v(7), w(7), lam(6)
    double precision, intent(out) :: a(7,7), b(7,7)
    double precision ca, cb, cc, l135, l246, h12, h45, h67
    double precision xd, yd, x, y, xd1, yd1, lang, p, dp
    call trig(q)
    ca = m2*da*rr; cb = m4*zt*(e - ea); cc = m6*u*(zf - fa)
    a = 0.d0; b = 0.d0
    ! f_q and f_v
    a(1,2) = -ca*v(2)*(v(2) + 2.d0*v(1))*coth
    b(1,1) = -2.d0*ca*v(2)*sith
    b(1,2) = -2.d0*ca*(v(1) + v(2))*sith
    a(2,2) = ca*v(1)**2*coth
    b(2,1) = 2.d0*ca*v(1)*sith
    xd = sd*coga + sc*siga + xb
    yd = sd*siga - sc*coga + yb
    x = xd - xc; y = yd - yc
    xd1 = -sd*siga + sc*coga
    yd1 = sd*coga + sc*siga
    lang = sqrt(x*x + y*y)
    p = x*xd1 + y*yd1
    dp = xd1*xd1 + yd1*yd1 - x*(xd - xb) - y*(yd - yb)
    a(3,3) = -c0*(l0*p*p/lang**3 + (1.d0 - l0/lang)*dp)
    a(4,4) = -cb*v(5)**2*siph
    b(4,5) = 2.d0*cb*v(5)*coph
    a(5,4) = cb*v(4)*(v(4) + 2.d0*v(5))*siph
    b(5,4) = -2.d0*cb*(v(4) + v(5))*coph
    b(5,5) = -2.d0*cb*v(4)*coph
    a(6,6) = cc*v(7)**2*siom
    b(6,7) = -2.d0*cc*v(7)*coom
    a(7,6) = -cc*v(6)*(v(6) + 2.d0*v(7))*siom
    b(7,6) = 2.d0*cc*(v(6) + v(7))*coom
    b(7,7) = 2.d0*cc*v(6)*coom
    ! - (M w)_q : M depends on q2, q4, q6
    a(1,2) = a(1,2) - ca*sith*(2.d0*w(1) + w(2))
    a(2,2) = a(2,2) - ca*sith*w(1)
    a(4,4) = a(4,4) - cb*coph*w(5)
    a(5,4) = a(5,4) - cb*coph*(w(4) + 2.d0*w(5))
    a(6,6) = a(6,6) + cc*coom*w(7)
    a(7,6) = a(7,6) + cc*coom*(w(6) + 2.d0*w(7))
    ! - (G^T lam)_q = - sum_r lam_r Hess(g_r)
    l135 = lam(1) + lam(3) + lam(5)
    l246 = lam(2) + lam(4) + lam(6)
    h12 = d*(cobeth*l135 + sibeth*l246)
    a(1,1) = a(1,1) - (-rr*(cobe*l135 + sibe*l246) + h12)
    a(1,2) = a(1,2) - h12
    a(2,1) = a(2,1) - h12
    a(2,2) = a(2,2) - h12
    a(3,3) = a(3,3) - ss*(siga*lam(1) - coga*lam(2))
    h45 = e*(siphde*lam(3) - cophde*lam(4))
    a(4,4) = a(4,4) - h45
    a(4,5) = a(4,5) - h45
    a(5,4) = a(5,4) - h45
    a(5,5) = a(5,5) - (h45 + zt*(code*lam(3) + side*lam(4)))
    h67 = zf*(coomep*lam(5) + siomep*lam(6))
    a(6,6) = a(6,6) - h67
    a(6,7) = a(6,7) - h67
    a(7,6) = a(7,6) - h67
    a(7,7) = a(7,7) - (h67 + u*(siep*lam(5) - coep*lam(6)))
  end subroutine model_jac

  subroutine rhs(y, f)
    double precision, intent(in) :: y(27)
    double precision, intent(out) :: f(27)
    double precision am(7,7), fo(7), g(6), gm(6,7)
    integer i
    call model(y(1:7), y(8:14), am, fo, g, gm)
    f(1:14) = y(8:21)
    do i = 1, 7
      f(14+i) = fo(i) - dot_product(am(i,:), y(15:21)) - dot_product(gm(:,i), y(22:27))
    end do
    f(22:27) = g
  end subroutine rhs

  ! rows r0+1 .. 27 of dF/dy into dfy(1:, :) (r0 = 14: the M1 rows left out)
  subroutine jacobian(y, dfy, ldfy, r0, mode)
    integer, intent(in) :: ldfy, r0, mode
    double precision, intent(in) :: y(27)
    double precision, intent(out) :: dfy(ldfy, 27)
    double precision am(7,7), fo(7), g(6), gm(6,7), a(7,7), b(7,7)
    integer i, j, k
    call model(y(1:7), y(8:14), am, fo, g, gm)
    if (mode == 1) then
      call model_jac(y(1:7), y(8:14), y(15:21), y(22:27), a, b)
    else
      a = 0.d0; b = 0.d0
    end if
    dfy(1:27-r0, :) = 0.d0
    if (r0 == 0) then
      do i = 1, 14
        dfy(i, i+7) = 1.d0
      end do
    end if
    k = 14 - r0
    do i = 1, 7
      do j = 1, 7
        dfy(k+i, j) = a(i,j)
        dfy(k+i, 7+j) = b(i,j)
        dfy(k+i, 14+j) = -am(i,j)
      end do
      do j = 1, 6
        dfy(k+i, 21+j) = -gm(j,i)
      end do
    end do
    do i = 1, 6
      dfy(k+7+i, 1:7) = gm(i, :)
    end do
  end subroutine jacobian
end module and_par

subroutine fand(n, x, y, f, rpar, ipar)
  use and_par
  implicit none
  integer n, ipar(*)
  double precision x, y(n), f(n), rpar(*)
  call rhs(y, f)
end subroutine

subroutine jand(n, x, y, ml, mu, dfy, ldfy, rpar, ipar)
  use and_par
  implicit none
  integer n, ml, mu, ldfy, ipar(*)
  double precision x, y(n), dfy(ldfy, n), rpar(*)
  call jacobian(y, dfy, ldfy, n - ldfy, jmode)
end subroutine

subroutine mand(n, am, lmas, rpar, ipar)
  implicit none
  integer n, lmas, ipar(*), j
  double precision am(lmas, n), rpar(*)
  ! banded-diagonal storage (MLMAS = MUMAS = 0): am(1, j) = E(j, j)
  ! n = 13 (M1 = 14: the reduced system's mass matrix is zero), or
  ! n = 27 (M1 = 0: diag(1 x14, 0 x13))
  do j = 1, n
    am(1, j) = 0.d0
    if (n == 27 .and. j <= 14) am(1, j) = 1.d0
  end do
end subroutine

program andrews_eom
  use iso_fortran_env, only: error_unit
  use and_par
  use peer_util
  implicit none
  integer, parameter :: n = 27, lwork = n*(5*n + 12) + 20, liwork = 3*n + 20
  double precision y(n), y0(n), work(lwork), rtol(1), atol(1), rpar(1), x, xend, h
  double precision t0, ttot
  double precision, allocatable :: ts(:)
  double precision jan(n, n), jfd(n, n), fp(n), fm(n), yy(n), del, err, scl
  integer iwork(liwork), ipar(1), idid, nrep, k, i, j, usem1, ip(13), ier
  double precision sad(13,13), rs(13), am(7,7), fo(7), g(6), gm(6,7)
  integer itol, ijac, mljac, mujac, imas, mlmas, mumas, iout
  external fand, jand, mand, soldum
  ! consistent initial values of the test set (as the test set prints them)
  y0 = 0.d0
  y0(1:7) = (/ -0.0617138900142764496358948458001d0, 0.d0, &
     0.455279819163070380255912382449d0, 0.222668390165885884674473185609d0, &
     0.487364979543842550225598953530d0, -0.222668390165885884674473185609d0, &
     1.23054744454982119249735015568d0 /)
  y0(15) = 14222.4439199541138705911625887d0
  y0(16) = -10666.8329399655854029433719415d0
  y0(22) = 98.5668703962410896057654982170d0
  y0(23) = -6.12268834425566265503114393122d0
  nrep = iarg(1, 1, 0, 100000000)
  jmode = iarg(2, 1, 0, 9)
  if (jmode > 2 .and. jmode /= 9) then
    write(error_unit, '(a,i0)') 'argument 2: JAC is 0, 1, 2 or 9, got ', jmode
    stop 2
  end if
  usem1 = iarg(3, 1, 0, 1)
  if (iarg(4, 0, 0, 1) == 1) then
    call model(y0(1:7), y0(8:14), am, fo, g, gm)
    sad = 0.d0
    sad(1:7, 1:7) = am
    sad(1:7, 8:13) = transpose(gm)
    sad(8:13, 1:7) = gm
    rs = 0.d0
    rs(1:7) = fo
    call decradau(13, 13, sad, ip, ier)
    call solradau(13, 13, sad, rs, ip)
    write(*,'(a,2es24.16,a,2es24.16)') 'computed w0(1:2)=', rs(1:2), ' lam0(1:2)=', rs(8:9)
    y0(15:21) = rs(1:7)
    y0(22:27) = rs(8:13)
  end if
  if (jmode == 9) then
    ! analytic Jacobian against central differences, at a state with v, w, lam != 0
    yy = y0
    do i = 1, n
      yy(i) = yy(i) + 0.3d0*sin(1.7d0*i) * merge(1.d0, 10.d0, i <= 7)
    end do
    call jacobian(yy, jan, n, 0, 1)
    err = 0.d0
    do j = 1, n
      del = 1.d-6*max(1.d0, abs(yy(j)))
      yy(j) = yy(j) + del; call rhs(yy, fp)
      yy(j) = yy(j) - 2.d0*del; call rhs(yy, fm)
      yy(j) = yy(j) + del
      jfd(:, j) = (fp - fm)/(2.d0*del)
    end do
    do i = 1, n
      scl = max(1.d0, maxval(abs(jfd(i, :))))
      do j = 1, n
        err = max(err, abs(jan(i,j) - jfd(i,j))/scl)
      end do
    end do
    write(*,'(a,es10.3)') 'max |J_analytic - J_fd| / row scale = ', err
    call rhs(y0, fp)
    write(*,'(a,es10.3)') 'max |residual rows 15..27| at y0 = ', maxval(abs(fp(15:27)))
    stop
  end if
  k = 0; ttot = 0.d0; idid = 0
  do while (more(k, nrep, ttot))
    t0 = cpusec()
    y = y0
    x = 0.d0; xend = 0.03d0; h = 0.d0
    rtol(1) = 1.d-8; atol(1) = 1.d-8
    work(1:20) = 0.d0; iwork(1:20) = 0
    iwork(5) = 7; iwork(6) = 7; iwork(7) = 13
    if (usem1 == 1) then
      iwork(9) = 14; iwork(10) = 7
    end if
    ! variables, not constants: RADAU5 may write to its integer arguments
    itol = 0; ijac = merge(0, 1, jmode == 0); mljac = n; mujac = 0
    imas = 1; mlmas = 0; mumas = 0; iout = 0
    call radau5(n, fand, x, y, xend, h, rtol, atol, itol, jand, ijac, mljac, mujac, &
                mand, imas, mlmas, mumas, soldum, iout, work, lwork, iwork, liwork, rpar, ipar, idid)
    call integrated('andrews_eom', idid, ts, k, ttot, t0)
  end do
  call report_counts(idid, iwork)
  write(*,'(a,es24.16)') 't=', x
  write(*,'(a,7es24.16)') 'q=', y(1:7)
  write(*,'(a,7es24.16)') 'v=', y(8:14)
  write(*,'(a,7es24.16)') 'w=', y(15:21)
  write(*,'(a,6es24.16)') 'lam=', y(22:27)
  call report_timing(ts, k, iwork(17))
end program
