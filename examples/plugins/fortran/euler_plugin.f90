! euler_plugin.f90 — an example daebench solver plugin in Fortran (no C code):
! the method of examples/plugins/c/euler_plugin.c, implicit Euler with Newton's
! method (matrix E/h - dF/dy, dense LU with partial pivoting) and a step-size
! control on the index-scaled estimate |y1 - y0 - h yp0|/2, linear
! interpolation at the output times; solver "feuler" for EoM1, EoM0 and GGL.
! Build against the installed daebench (the ABI module daebench_plugin.f90 is
! compiled with it):
!     gfortran -O2 -fPIC -shared daebench_plugin.f90 euler_plugin.f90 -o libfeuler.so
!     daebench bench --plugin ./libfeuler.so --solvers feuler --suite quick
module feuler_plugin
  use iso_c_binding
  use, intrinsic :: ieee_arithmetic, only: ieee_is_finite
  use daebench_plugin
  implicit none
contains

  integer(c_int) function abi_version() bind(C, name="daebench_plugin_abi_version")
    abi_version = DAEBENCH_PLUGIN_ABI_VERSION
  end function abi_version

  integer(c_int) function solver_count() bind(C, name="daebench_plugin_count")
    solver_count = 1
  end function solver_count

  integer(c_int) function describe(k, d) bind(C, name="daebench_plugin_describe")
    integer(c_int), value :: k
    type(dbp_solver_desc), intent(inout) :: d
    describe = -1
    if (k /= 0) return
    call dbp_set_string(d%name, DBP_NAME_LEN, "feuler")
    call dbp_set_string(d%title, 128, &
         "implicit Euler with Newton and step-size control (example Fortran plugin)")
    d%forms = ior(ior(ishft(1, DBP_EOM1), ishft(1, DBP_EOM0)), ishft(1, DBP_GGL))
    describe = 0
  end function describe

  ! LU with partial pivoting of A(n, n) in place; info = 0, or 1 if singular
  subroutine lu(A, n, piv, info)
    integer, intent(in) :: n
    real(c_double), intent(inout) :: A(n, n)
    integer, intent(out) :: piv(n), info
    integer :: j, k, p
    real(c_double) :: row(n)
    info = 0
    do k = 1, n
       p = k - 1 + maxloc(abs(A(k:n, k)), dim=1)
       piv(k) = p
       if (.not. (abs(A(p, k)) > 0.0_c_double)) then
          info = 1
          return
       end if
       if (p /= k) then
          row = A(k, :)
          A(k, :) = A(p, :)
          A(p, :) = row
       end if
       A(k+1:n, k) = A(k+1:n, k) / A(k, k)
       do j = k + 1, n
          A(k+1:n, j) = A(k+1:n, j) - A(k+1:n, k) * A(k, j)
       end do
    end do
  end subroutine lu

  subroutine lu_solve(A, n, piv, b)
    integer, intent(in) :: n, piv(n)
    real(c_double), intent(in) :: A(n, n)
    real(c_double), intent(inout) :: b(n)
    integer :: k
    real(c_double) :: s
    ! lu swaps whole rows (the columns of L already computed too): L is in the
    ! final row order, so every interchange is applied to b before the forward
    ! elimination
    do k = 1, n
       s = b(k)
       b(k) = b(piv(k))
       b(piv(k)) = s
    end do
    do k = 1, n
       b(k+1:n) = b(k+1:n) - A(k+1:n, k) * b(k)
    end do
    do k = n, 1, -1
       b(k) = b(k) / A(k, k)
       b(1:k-1) = b(1:k-1) - A(1:k-1, k) * b(k)
    end do
  end subroutine lu_solve

  integer(c_int) function integrate(k, dae, o, out, c, msg, msglen) &
       bind(C, name="daebench_plugin_integrate")
    integer(c_int), value :: k
    type(dbp_dae), intent(in) :: dae
    type(dbp_options), intent(in) :: o
    type(dbp_output), intent(inout) :: out
    type(dbp_counters), intent(inout) :: c
    integer(c_size_t), value :: msglen
    character(kind=c_char), intent(inout) :: msg(msglen)
    procedure(dbp_rhs_fn), pointer :: rhs, jac
    real(c_double), pointer :: E(:, :), y0in(:), yp0in(:), tout(:), yout(:, :)
    integer(c_int), pointer :: idx(:)
    real(c_double), allocatable :: A(:, :), y0(:), y1(:), yp(:), r(:), F(:)
    integer, allocatable :: piv(:)
    integer :: n, i, it, kout, info, q
    integer(c_long) :: max_steps, newton
    real(c_double) :: t, t1, h, hmax, span, err, est, w, nrm, s, cpu0, cpu
    character(len=80) :: text
    logical :: last, converged

    integrate = DBP_OK
    if (k /= 0 .or. dae%neq /= dae%n) then
       call dbp_set_string(msg, int(msglen), "feuler: square systems only")
       integrate = DBP_FAIL_INPUT
       return
    end if
    n = dae%n
    call c_f_procpointer(dae%rhs, rhs)
    call c_f_procpointer(dae%jac, jac)
    call c_f_pointer(dae%E, E, [n, n])
    call c_f_pointer(dae%index, idx, [n])
    call c_f_pointer(dae%y0, y0in, [n])
    call c_f_pointer(dae%yp0, yp0in, [n])
    call c_f_pointer(out%t, tout, [out%nt])
    call c_f_pointer(out%y, yout, [n, out%nt])
    allocate(A(n, n), y0(n), y1(n), yp(n), r(n), F(n), piv(n))
    max_steps = o%max_steps
    if (max_steps <= 0) max_steps = 100000
    span = dae%tend - dae%t0
    call cpu_time(cpu0)
    y0 = y0in
    yp = yp0in
    t = dae%t0
    h = 1.0e-6_c_double * span
    if (o%h0 > 0) h = o%h0
    hmax = span
    if (o%hmax > 0) hmax = o%hmax
    newton = 0
    kout = 1
    do while (kout <= out%nt)
       call cpu_time(cpu)
       if (c%steps + c%rejected >= max_steps .or. (o%max_cpu > 0 .and. cpu - cpu0 > o%max_cpu)) then
          write (text, '(a, es12.5)') "feuler: budget exceeded at t = ", t
          call dbp_set_string(msg, int(msglen), trim(text))
          integrate = DBP_FAIL_BUDGET
          exit
       end if
       h = min(h, hmax)
       last = t + h >= dae%tend - 1.0e-12_c_double * abs(span)
       if (last) h = dae%tend - t
       if (h < 1.0e-14_c_double * abs(span)) then
          write (text, '(a, es12.5)') "feuler: step size too small at t = ", t
          call dbp_set_string(msg, int(msglen), trim(text))
          integrate = DBP_FAIL_STEPSIZE
          exit
       end if
       t1 = t + h
       if (last) t1 = dae%tend
       y1 = y0 + h * yp
       converged = .false.
       if (jac(dae%ctx, t1, y1, A) == 0) then
          A = E / h - A
          c%decompositions = c%decompositions + 1
          call lu(A, n, piv, info)
          if (info == 0) then
             do it = 1, 8
                newton = newton + 1
                if (rhs(dae%ctx, t1, y1, F) /= 0) exit
                r = F - matmul(E, y1 - y0) / h
                call lu_solve(A, n, piv, r)
                c%solves = c%solves + 1
                y1 = y1 + r
                nrm = maxval(abs(r) / (o%atol + o%rtol * abs(y1)))
                if (.not. ieee_is_finite(nrm)) exit
                if (nrm < 1.0e-2_c_double) then
                   converged = .true.
                   exit
                end if
             end do
          end if
       end if
       if (.not. converged) then
          c%rejected = c%rejected + 1
          h = 0.25_c_double * h
          cycle
       end if
       err = 0
       do i = 1, n
          est = 0.5_c_double * abs(y1(i) - y0(i) - h * yp(i))
          do q = 2, idx(i)
             est = est * h
          end do
          w = o%atol + o%rtol * max(abs(y0(i)), abs(y1(i)))
          err = max(err, est / w)
       end do
       if (err > 1) then
          c%rejected = c%rejected + 1
          h = h * max(0.2_c_double, 0.9_c_double / sqrt(err))
          cycle
       end if
       do while (kout <= out%nt)
          if (tout(kout) > t1 + 1.0e-12_c_double * abs(span)) exit
          s = (tout(kout) - t) / (t1 - t)
          yout(:, kout) = (1 - s) * y0 + s * y1
          kout = kout + 1
       end do
       yp = (y1 - y0) / h
       y0 = y1
       t = t1
       c%steps = c%steps + 1
       h = h * min(5.0_c_double, 0.9_c_double / sqrt(max(err, 1.0e-10_c_double)))
    end do
    call dbp_set_string(c%extra(1)%name, DBP_NAME_LEN, "newton_iters")
    c%extra(1)%value = newton
    c%nextra = 1
  end function integrate

end module feuler_plugin
